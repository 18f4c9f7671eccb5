#include "report/views/workload_figures.hpp"

namespace tpcc {

WorkloadFigure headline_figure(std::string key, std::string name, std::optional<double> value,
                               std::string unit, Better better, int decimals) {
  WorkloadFigure f;
  f.key = std::move(key);
  f.name = std::move(name);
  f.value = value;
  f.unit = std::move(unit);
  f.better = better;
  f.decimals = decimals;
  return f;
}

WorkloadFigure summarised(WorkloadFigure f) {
  f.of_set = true;
  f.swept = true;
  return f;
}

WorkloadFigure held_to_limit(WorkloadFigure f) {
  f.tail = true;
  return f;
}

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
