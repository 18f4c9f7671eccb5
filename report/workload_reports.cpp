// The one list of the workloads' report descriptors: a workload's line here
// is how report/ learns of it.
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "config/names.hpp"
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
  // A workload whose figures are at the top level, named: what ran beside
  // it left a key of its own there too.
  const auto named = result.contains("workload") && result.at("workload").is_string()
                         ? parse_workload_name(result.at("workload").get<std::string>())
                         : std::nullopt;
  if (named && workload_report(named->kind).result_key == nullptr) {
    return workload_report(named->kind);
  }
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

std::vector<const WorkloadReport*> workload_reports() {
  std::vector<const WorkloadReport*> all;
  for (const Descriptor descriptor : kWorkloadReports) all.push_back(&descriptor());
  return all;
}

std::vector<const WorkloadReport*> side_reports_of(const nlohmann::json& result) {
  const WorkloadReport& own = workload_report_of(result);
  std::vector<const WorkloadReport*> side;
  for (const Descriptor descriptor : kWorkloadReports) {
    const WorkloadReport& report = descriptor();
    if (&report == &own || report.side_figures == nullptr) continue;
    if (result.contains(report.result_key) && !result.at(report.result_key).is_null()) {
      side.push_back(&report);
    }
  }
  return side;
}

}  // namespace tpcc
