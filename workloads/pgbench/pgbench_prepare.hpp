// tpcc prepare --workload pgbench: pgbench 15's four tables as pgbench -i -s
// N makes them, loaded with the kit's parallel COPY: ranges of ids over
// --load-workers connections, each range one transaction recorded with its
// rows (tpcc_pgbench_chunks), so that a killed prepare, run again, loads only
// what is missing; then each table's primary key and VACUUM ANALYZE.
// With --partitions N, pgbench_accounts is partitioned by aid into
// pgbench_accounts_1..N by range or hash, as pgbench -i --partitions makes
// it, and loaded through the parent. Refuses (exit 2) pgbench tables it did
// not create, and recorded ones of another scale, fillfactor, partitions or
// partition method.
#pragma once

#include <ostream>

#include "config/config.hpp"
#include "loader/prepare.hpp"

namespace tpcc {

// Throws UsageError / ConnectError for exit statuses 2 / 3.
PrepareOutcome prepare_pgbench_tables(const Config& config, std::ostream& out);

}  // namespace tpcc
