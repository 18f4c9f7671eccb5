// tpcc check --workload pgbench: what holds of pgbench's tables. Each of the
// four is one tpcc prepare created and completed (or, when the kit's record
// names none of them, all four have pgbench's columns: `pgbench -i` made
// them, and they are only read), the three with keys have
// them, branches, tellers and accounts have scale, 10 x scale and 100000 x
// scale rows (pgbench's scripts update rows and insert into history only),
// and the money adds up: sum(abalance) = sum(bbalance) = sum(tbalance) =
// sum(history.delta), as after any number of tpcb-like transactions (a
// simple-update run moves accounts and history only, so it breaks the
// branches' and tellers' sums, as it would under pgbench).
// Partitioned accounts (--partitions) have pgbench's partitions: the
// method, the names pgbench_accounts_1..N and their bounds, and each range
// partition its accounts.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "workloads/recorded_tables.hpp"

namespace tpcc {

// Each check as tpcc check prints it ("pgbench_tellers", "10 rows (scale 1)");
// the balances, which span the four tables, under "pgbench_*".
std::vector<TableCheckResult> run_pgbench_checks(const Config& config);

// The scale the tables were prepared with. Throws UsageError naming the
// prepare to run unless all four tables are tpcc's and complete, or, with
// no record of the kit's naming them, pgbench's own
// (pgbench_found_tables.hpp).
int prepared_pgbench_scale(const Config& config);

// How pgbench_accounts is partitioned, from the catalog as pgbench 15's
// GetTableInfo reads it: "range" or "hash" and the partitions attached;
// method empty when it is a plain table.
struct PgbenchPartitioning {
  std::string method;
  long long partitions = 0;
};
PgbenchPartitioning pgbench_accounts_partitioning(const Config& config);

// Runs the checks, prints a line each and a summary; exit 0 when all hold,
// 1 otherwise.
int check_pgbench_tables(const Config& config, std::ostream& out);

}  // namespace tpcc
