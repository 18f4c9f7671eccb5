#include "report/text_table.hpp"

#include <algorithm>
#include <utility>

namespace tpcc {

TextTable::TextTable(std::vector<std::string> header, std::size_t left_columns)
    : left_columns_(left_columns) {
  rows_.push_back(std::move(header));
}

void TextTable::add_row(std::vector<std::string> cells) { rows_.push_back(std::move(cells)); }

void TextTable::print(std::ostream& out, const std::string& indent) const {
  std::vector<std::size_t> widths;
  for (const auto& row : rows_) {
    if (widths.size() < row.size()) widths.resize(row.size(), 0);
    for (std::size_t c = 0; c < row.size(); ++c) widths[c] = std::max(widths[c], row[c].size());
  }
  for (const auto& row : rows_) {
    std::string line = indent;
    for (std::size_t c = 0; c < row.size(); ++c) {
      const std::string pad(widths[c] - row[c].size(), ' ');
      if (c > 0) line += "  ";
      line += c < left_columns_ ? row[c] + pad : pad + row[c];
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << '\n';
  }
}

}  // namespace tpcc
