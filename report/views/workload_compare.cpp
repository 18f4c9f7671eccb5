#include "report/views/workload_compare.hpp"

#include <algorithm>

namespace tpcc {

std::vector<ComparedFigure> compared_workload_figures(const std::vector<ResultDir>& runs) {
  std::vector<ComparedFigure> figures;
  for (const ResultDir& run : runs) {
    for (const WorkloadFigure& f : run.workload.headline) {
      const bool known = std::any_of(figures.begin(), figures.end(),
                                     [&f](const ComparedFigure& c) { return c.name == f.name; });
      if (!known) figures.push_back({f.name, {}, {}, f.decimals});
    }
  }
  for (ComparedFigure& c : figures) {
    for (const ResultDir& run : runs) {
      c.values.push_back(figure_value(run.workload, c.name));
      c.ratios.push_back(ratio_to(c.values.front(), c.values.back()));
    }
  }
  return figures;
}

}  // namespace tpcc
