#include "app/workload_tables.hpp"

#include "db/connect.hpp"
#include "workloads/workload_tables.hpp"

namespace tpcc {

WorkloadTables workload_tables(const Config& config) {
  if (config.workload == WorkloadKind::Tpcc) return WorkloadTables{};
  auto conn = connect(config.conninfo);
  return read_workload_tables(*conn, config.workload);
}

WorkloadTables experiment_tables(const Config& config) {
  if (!config.restore && config.condition.empty()) return WorkloadTables{};
  return workload_tables(config);
}

}  // namespace tpcc
