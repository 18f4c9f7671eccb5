#include "report/console/sweep_table.hpp"

#include "report/console/text_table.hpp"
#include "report/views/format.hpp"

namespace tpcc {
namespace {

std::string median_text(const SweepPointView& p, const std::string& name) {
  const RepeatedFigure* f = sweep_figure(p, name);
  return f != nullptr ? fixed(f->spread->median, f->decimals) : "-";
}

std::string interval_of(const SweepPointView& p, const std::string& name) {
  const RepeatedFigure* f = sweep_figure(p, name);
  return f != nullptr ? interval_text(f->spread->ci_low, f->spread->ci_high, f->decimals) : "-";
}

}  // namespace

void print_sweep_table(std::ostream& out, const SweepView& view) {
  const std::vector<std::string> figures = sweep_figure_names(view);
  std::vector<std::string> header;
  for (const SweepAxis& a : view.axes) header.push_back(sweep_axis_label(a));
  const bool databases = sweep_has_databases(view);
  if (databases) header.emplace_back("database");
  header.emplace_back("status");
  header.emplace_back("runs");
  for (std::size_t k = 0; k < figures.size(); ++k) {
    header.push_back(figures[k]);
    if (k == 0) header.push_back(figures[k] + " 95 % CI");
  }
  TextTable table(header, view.axes.size() + (databases ? 2 : 1));
  for (const SweepPointView& p : view.points) {
    std::vector<std::string> row = p.values;
    if (databases) row.push_back(p.database);
    row.push_back(p.status +
                  (p.exit_status != 0 ? " (" + std::to_string(p.exit_status) + ")" : ""));
    row.push_back(p.runs == 0 ? "-" : std::to_string(p.runs));
    for (std::size_t k = 0; k < figures.size(); ++k) {
      row.push_back(median_text(p, figures[k]));
      if (k == 0) row.push_back(interval_of(p, figures[k]));
    }
    table.add_row(row);
  }
  table.print(out, "  ");
  for (const std::string& failure : sweep_failures(view)) out << "  not done: " << failure << "\n";
}

}  // namespace tpcc
