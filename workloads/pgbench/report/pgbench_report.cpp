#include "workloads/pgbench/report/pgbench_report.hpp"

#include <nlohmann/json.hpp>

#include "workloads/pgbench/report/pgbench_figures.hpp"
#include "workloads/pgbench/report/pgbench_json.hpp"

namespace tpcc {

const WorkloadReport& pgbench_report() {
  static const WorkloadReport report = [] {
    WorkloadReport r;
    r.kind = WorkloadKind::Pgbench;
    r.result_key = "pgbench";
    r.result_figures = pgbench_figures_json;
    r.standby_figures = pgbench_standby_figures_json;
    r.standby_workload = [](const Config&) { return std::string("pgbench"); };
    r.figures = pgbench_figures;
    r.capacity_latency = [](const Config&) { return std::string("latency p99"); };
    return r;
  }();
  return report;
}

}  // namespace tpcc
