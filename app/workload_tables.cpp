#include "app/workload_tables.hpp"

#include "app/workload_registry.hpp"
#include "db/connect.hpp"

namespace tpcc {

WorkloadTables workload_tables(const Config& config) {
  const TablesRecord* record = workload_entry(config.workload).tables_record;
  if (record == nullptr) return WorkloadTables{};
  auto conn = connect(config.conninfo);
  return read_workload_tables(*conn, *record);
}

WorkloadTables experiment_tables(const Config& config) {
  if (!config.restore && config.condition.empty()) return WorkloadTables{};
  return workload_tables(config);
}

}  // namespace tpcc
