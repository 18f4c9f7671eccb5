// Each workload's recorded load as experiment/ takes it (metrics/
// workload_tables.hpp): the tables its record names (tpcc_sysbench_tables,
// tpcc_pgbench_tables, tpcc_ingest_tables) with their options.
#pragma once

#include <pqxx/connection>

#include "config/workload_options.hpp"
#include "metrics/workload_tables.hpp"

namespace tpcc {

// The load of `kind` in the database of conn, read from the kit's record
// of it; no tables (and no record) when the database holds none. TPC-C's
// is {"tpcc"} alone: experiment/ reads bmsql_config itself.
WorkloadTables read_workload_tables(pqxx::connection& conn, WorkloadKind kind);

}  // namespace tpcc
