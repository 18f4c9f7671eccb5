// The one list of the workloads' report descriptors: a workload's line here
// is how report/ learns of it.
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "report/workload_report.hpp"
#include "workloads/ch/report/ch_report.hpp"
#include "workloads/ingest/report/ingest_report.hpp"
#include "workloads/pgbench/report/pgbench_report.hpp"
#include "workloads/sysbench/report/sysbench_report.hpp"
#include "workloads/tpcc/report/tpcc_report.hpp"

namespace tpcc {
namespace {

using Descriptor = const WorkloadReport& (*)();

constexpr Descriptor kWorkloadReports[] = {
    tpcc_report, sysbench_report, pgbench_report, ingest_report, ch_report,
};

}  // namespace

const WorkloadReport& workload_report(WorkloadKind kind) {
  for (const Descriptor descriptor : kWorkloadReports) {
    if (descriptor().kind == kind) return descriptor();
  }
  throw std::logic_error("a workload without its line in report/workload_reports.cpp");
}

const WorkloadReport& workload_report_of(const nlohmann::json& result) {
  const WorkloadReport* own_keys = nullptr;
  for (const Descriptor descriptor : kWorkloadReports) {
    const WorkloadReport& report = descriptor();
    if (report.result_key == nullptr) {
      own_keys = &report;
    } else if (result.contains(report.result_key)) {
      return report;
    }
  }
  if (own_keys == nullptr) {
    throw std::logic_error("no workload's figures at result.json's top level");
  }
  return *own_keys;
}

}  // namespace tpcc
