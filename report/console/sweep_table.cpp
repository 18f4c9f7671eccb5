#include "report/console/sweep_table.hpp"

#include "report/console/text_table.hpp"
#include "report/views/format.hpp"

namespace tpcc {
namespace {

std::string median_text(const SweepPointView& p, const std::string& name) {
  const RepeatedFigure* f = sweep_figure(p, name);
  return f != nullptr ? fixed(f->spread->median, f->decimals) : "-";
}

}  // namespace

void print_sweep_table(std::ostream& out, const SweepView& view) {
  std::vector<std::string> header;
  for (const SweepAxis& a : view.axes) header.push_back(a.name);
  for (const char* h : {"status", "runs", "tpmC", "tpmC 95 % CI", "tpmTOTAL", "NO p90 ms"}) {
    header.emplace_back(h);
  }
  TextTable table(header, view.axes.size() + 1);
  for (const SweepPointView& p : view.points) {
    std::vector<std::string> row = p.values;
    row.push_back(p.status +
                  (p.exit_status != 0 ? " (" + std::to_string(p.exit_status) + ")" : ""));
    row.push_back(p.runs == 0 ? "-" : std::to_string(p.runs));
    row.push_back(median_text(p, "tpmC"));
    const RepeatedFigure* tpmc = sweep_figure(p, "tpmC");
    row.push_back(tpmc != nullptr ? interval_text(tpmc->spread->ci_low, tpmc->spread->ci_high, 1)
                                  : "-");
    row.push_back(median_text(p, "tpmTOTAL"));
    row.push_back(median_text(p, "New-Order p90 ms"));
    table.add_row(row);
  }
  table.print(out, "  ");
  for (const std::string& failure : sweep_failures(view)) out << "  not done: " << failure << "\n";
}

}  // namespace tpcc
