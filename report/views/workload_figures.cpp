#include "report/views/workload_figures.hpp"

namespace tpcc {

std::optional<double> figure_value(const WorkloadFigures& figures, const std::string& name) {
  for (const WorkloadFigure& f : figures.headline) {
    if (f.name == name) return f.value;
  }
  return std::nullopt;
}

}  // namespace tpcc
