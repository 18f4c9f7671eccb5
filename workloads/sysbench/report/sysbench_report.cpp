#include "workloads/sysbench/report/sysbench_report.hpp"

#include <nlohmann/json.hpp>

#include "config/config.hpp"
#include "config/names.hpp"
#include "workloads/sysbench/report/sysbench_figures.hpp"
#include "workloads/sysbench/report/sysbench_json.hpp"

namespace tpcc {

const WorkloadReport& sysbench_report() {
  static const WorkloadReport report = [] {
    WorkloadReport r;
    r.kind = WorkloadKind::SysbenchOltp;
    r.result_key = "sysbench";
    r.result_figures = sysbench_figures_json;
    // The standbys run the read-only side (--standby-test), in the same
    // figures.
    r.standby_figures = sysbench_figures_json;
    r.standby_workload = [](const Config& config) {
      return std::string(oltp_test_name(config.oltp.standby_test));
    };
    r.figures = sysbench_figures;
    r.capacity_latency = [](const Config& config) {
      return "latency p" + std::to_string(config.sysbench_percentile) + " (--percentile)";
    };
    r.qps_chart = true;
    r.rate_per_second = true;
    return r;
  }();
  return report;
}

}  // namespace tpcc
