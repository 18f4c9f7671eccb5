#include "workloads/tpcc/report/tpcc_report.hpp"

#include <nlohmann/json.hpp>

#include "workloads/tpcc/report/tpcc_figures.hpp"

namespace tpcc {

const WorkloadReport& tpcc_report() {
  static const WorkloadReport report = [] {
    WorkloadReport r;
    r.kind = WorkloadKind::Tpcc;
    r.tpmc = true;
    r.figures = tpcc_figures;
    r.capacity_latency = [](const Config&) { return std::string("New-Order p90"); };
    return r;
  }();
  return report;
}

}  // namespace tpcc
