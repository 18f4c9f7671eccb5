#include "report/console/text_table.hpp"

#include <algorithm>
#include <utility>

namespace tpcc {
namespace {

// The columns a cell takes on a terminal: its UTF-8 characters, not its
// bytes ("1.50×" is five columns and six bytes).
std::size_t display_width(const std::string& text) {
  std::size_t width = 0;
  for (const char c : text) {
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++width;
  }
  return width;
}

}  // namespace

std::vector<std::string> wrap_words(const std::string& text, std::size_t width) {
  std::vector<std::string> lines;
  std::string line;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    std::size_t end = text.find(' ', i);
    if (end == std::string::npos) end = text.size();
    std::string word = text.substr(i, end - i);
    i = end;
    if (word.empty()) break;
    if (!line.empty() && line.size() + 1 + word.size() <= width) {
      line += ' ' + word;
      continue;
    }
    if (!line.empty()) lines.push_back(std::move(line));
    line.clear();
    while (width > 0 && word.size() > width) {
      lines.push_back(word.substr(0, width));
      word.erase(0, width);
    }
    line = std::move(word);
  }
  if (!line.empty() || lines.empty()) lines.push_back(std::move(line));
  return lines;
}

TextTable::TextTable(std::vector<std::string> header, std::size_t left_columns)
    : left_columns_(left_columns) {
  rows_.push_back(std::move(header));
}

void TextTable::add_row(std::vector<std::string> cells) { rows_.push_back(std::move(cells)); }

void TextTable::set_max_width(std::size_t column, std::size_t width) {
  if (max_widths_.size() <= column) max_widths_.resize(column + 1, 0);
  max_widths_[column] = width;
}

void TextTable::print(std::ostream& out, const std::string& indent) const {
  // Each cell as the lines it takes.
  std::vector<std::vector<std::vector<std::string>>> cells;
  std::vector<std::size_t> widths;
  for (const auto& row : rows_) {
    auto& wrapped = cells.emplace_back();
    if (widths.size() < row.size()) widths.resize(row.size(), 0);
    for (std::size_t c = 0; c < row.size(); ++c) {
      const std::size_t max = c < max_widths_.size() ? max_widths_[c] : 0;
      wrapped.push_back(max > 0 && row[c].size() > max ? wrap_words(row[c], max)
                                                       : std::vector<std::string>{row[c]});
      for (const std::string& line : wrapped.back()) {
        widths[c] = std::max(widths[c], display_width(line));
      }
    }
  }
  for (const auto& row : cells) {
    std::size_t height = 0;
    for (const auto& cell : row) height = std::max(height, cell.size());
    for (std::size_t l = 0; l < height; ++l) {
      std::string line = indent;
      for (std::size_t c = 0; c < row.size(); ++c) {
        const std::string text = l < row[c].size() ? row[c][l] : std::string();
        const std::string pad(widths[c] - display_width(text), ' ');
        if (c > 0) line += "  ";
        line += c < left_columns_ ? text + pad : pad + text;
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out << line << '\n';
    }
  }
}

}  // namespace tpcc
