// tpcc check of CH-benCHmark's tables (tpcc prepare --ch), when the kit's
// record of them is there: each recorded table is there with the rows
// recorded, its keys are the ones CH's join predicates compute, its
// contents are CH's (names, regions), and the joins the queries make find
// a partner for every row (a stock row its supplier, a customer its
// nation).
#pragma once

#include <vector>

#include <pqxx/connection>

#include "workloads/recorded_tables.hpp"

namespace tpcc {

// Whether the database holds the kit's record of CH tables.
bool ch_tables_recorded(pqxx::connection& conn);

// The checks of the recorded tables, in order; none without the record.
std::vector<TableCheckResult> run_ch_checks(pqxx::connection& conn);

}  // namespace tpcc
