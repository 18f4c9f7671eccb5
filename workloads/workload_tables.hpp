// Each workload's recorded load as experiment/ takes it (metrics/
// workload_tables.hpp): the tables its record names (tpcc_sysbench_tables,
// tpcc_pgbench_tables, tpcc_ingest_tables) with their options.
#pragma once

#include <pqxx/connection>

#include "metrics/workload_tables.hpp"

namespace tpcc {

// Where a workload's prepare records its tables: the record table and the
// query reading it (each table's name first, then its options).
struct TablesRecord {
  const char* workload;  // WorkloadTables::workload
  const char* table;
  const char* select;
  // prepare's record of the rows loaded so far; nullptr: none.
  const char* chunks = nullptr;
};

// The load `record` names in the database of conn; no tables (and no
// record) when the database holds none.
WorkloadTables read_workload_tables(pqxx::connection& conn, const TablesRecord& record);

}  // namespace tpcc
