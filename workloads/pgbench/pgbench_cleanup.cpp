#include "workloads/pgbench/pgbench_cleanup.hpp"

#include "workloads/pgbench/pgbench_tables.hpp"
#include "workloads/recorded_tables.hpp"

namespace tpcc {

// pgbench_accounts' partitions are pgbench_accounts_1..N
// (pgbench_partition_name).
int cleanup_pgbench_tables(const Config& config, std::ostream& out) {
  return cleanup_recorded_tables(config,
                                 {"pgbench",
                                  kPgbenchTablesRecord,
                                  {kPgbenchChunksRecord, kPgbenchTablesRecord},
                                  kListPgbenchTablesSql,
                                  "_[0-9]+"},
                                 out);
}

}  // namespace tpcc
