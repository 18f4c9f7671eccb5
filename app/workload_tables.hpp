// The run's (or tpcc snapshot's) workload's load as experiment/ takes it:
// TPC-C's, or the tables the kit recorded for sysbench's oltp tests,
// pgbench or the ingest (workloads/workload_tables.hpp).
#pragma once

#include "config/config.hpp"
#include "metrics/workload_tables.hpp"

namespace tpcc {

// Reads the record on the database of config.conninfo (TPC-C's needs no
// connection: experiment/ reads bmsql_config itself).
WorkloadTables workload_tables(const Config& config);

// The same when --restore or --condition needs it; TPC-C's otherwise,
// without connecting.
WorkloadTables experiment_tables(const Config& config);

}  // namespace tpcc
