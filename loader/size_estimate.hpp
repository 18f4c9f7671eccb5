// How much disk a load will take, said before it starts, from per-table
// sizes measured on a real load (loader/size_estimate.cpp): TPC-C's
// warehouses, sysbench's sbtest tables, pgbench's tables.
#pragma once

#include <string>

#include "config/config.hpp"

namespace tpcc {

// Megabytes (10^6 bytes) of tables and indexes that loading `warehouses`
// warehouses (and the item table, if `items`) adds, with config's fillfactor.
double estimated_load_megabytes(const Config& config, int warehouses, bool items);

// Megabytes of `rows` sbtest rows (over any number of tables) with the key
// on id (or --secondary's index) and, if `k_index`, the k index.
double estimated_sbtest_megabytes(long long rows, bool k_index);

// Megabytes of pgbench's rows with their keys, at pgbench's -F
// `fillfactor`: 100000 accounts, 10 tellers and a branch per unit of scale
// (pgbench_history is empty after a load).
struct PgbenchRows {
  long long accounts = 0;
  long long tellers = 0;
  long long branches = 0;
};
double estimated_pgbench_megabytes(const PgbenchRows& rows, int fillfactor);

// "438 MB", "1.5 GB", "106 GB", "1.1 TB".
std::string format_megabytes(double megabytes);

}  // namespace tpcc
