// What a run of CH's analytic streams needs of the database before it
// starts: CH's three tables beside TPC-C's load.
#pragma once

#include <string>

namespace pqxx {
class connection_base;
}  // namespace pqxx

namespace tpcc {

// Refuses (UsageError, exit 2, `who` first: "--workload ch",
// "--ch-streams") a database without one of CH's tables, saying to run
// tpcc prepare --ch with the load's warehouses.
void require_ch_tables(pqxx::connection_base& conn, const std::string& who, int warehouses);

}  // namespace tpcc
