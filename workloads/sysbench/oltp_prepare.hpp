// tpcc prepare for sysbench's oltp tests: the sbtest tables as sysbench
// 1.0's prepare makes them (oltp_common.lua), loaded with the kit's
// parallel COPY over --load-workers connections. With a table for every
// worker, each table is created, loaded (COPY FREEZE), keyed and recorded
// in one transaction; with fewer, the workers share ranges of ids, each one
// transaction recorded with its rows (tpcc_sysbench_chunks) so that a
// killed prepare, run again, loads only what is missing, then per table the
// key, the k index, the sequence and ANALYZE. Refuses (exit 2) sbtest tables
// it did not create, and a recorded table of other options.
#pragma once

#include <ostream>

#include "config/config.hpp"
#include "loader/prepare.hpp"

namespace tpcc {

// Throws UsageError / ConnectError for exit statuses 2 / 3.
PrepareOutcome prepare_oltp_tables(const Config& config, std::ostream& out);

// The rows prepare loads per table: --table-size, or none for oltp_insert
// without --auto_inc (oltp_insert.lua's prepare: ids it generated could
// collide with the run's).
long long oltp_prepared_rows(const OltpOptions& options);

}  // namespace tpcc
