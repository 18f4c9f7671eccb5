#include "report/views/workload_figures.hpp"

namespace tpcc {

std::optional<double> figure_value(const WorkloadFigures& figures, const std::string& name) {
  for (const WorkloadFigure& f : figures.headline) {
    if (f.name == name) return f.value;
  }
  return std::nullopt;
}

const WorkloadFigure* throughput_figure(const WorkloadFigures& figures) {
  for (const WorkloadFigure& f : figures.headline) {
    if (f.of_set) return &f;
  }
  return nullptr;
}

const WorkloadFigure* tail_figure(const WorkloadFigures& figures) {
  for (const WorkloadFigure& f : figures.headline) {
    if (f.tail) return &f;
  }
  return nullptr;
}

}  // namespace tpcc
