#include "report/console/compare_table.hpp"

#include "report/console/text_table.hpp"
#include "report/views/format.hpp"

namespace tpcc {
namespace {

std::string figure_cell(const ComparedFigure& f, std::size_t run) {
  if (!f.values[run]) return "-";
  std::string text = fixed(*f.values[run], f.decimals);
  if (run > 0) text += " (" + ratio_text(f.ratios[run]) + ")";
  return text;
}

}  // namespace

void print_compare_table(std::ostream& out, const std::vector<std::string>& headings,
                         const std::vector<ComparedSetting>& differences,
                         const std::vector<ComparedFigure>& figures) {
  if (differences.empty()) {
    out << "the runs differ in no option, define, server setting or start and environment item\n";
  }
  std::vector<std::string> header = {""};
  for (std::size_t run = 0; run < headings.size(); ++run) {
    header.push_back(std::string(1, static_cast<char>('A' + run % 26)) + ": " + headings[run]);
  }
  TextTable table(header);
  for (const ComparedSetting& d : differences) {
    std::vector<std::string> row = {d.key};
    for (const auto& value : d.values) row.push_back(value ? *value : "not recorded");
    table.add_row(std::move(row));
  }
  if (!differences.empty() && !figures.empty()) table.add_row({""});  // a blank line
  for (const ComparedFigure& f : figures) {
    std::vector<std::string> row = {f.name};
    for (std::size_t run = 0; run < headings.size(); ++run) row.push_back(figure_cell(f, run));
    table.add_row(std::move(row));
  }
  table.print(out, "  ");
}

}  // namespace tpcc
