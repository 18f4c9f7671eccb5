// tpcc prepare --ch: CH-benCHmark's bmsql_region, bmsql_nation and
// bmsql_supplier beside a TPC-C load (workloads/ch/ch_tables.hpp), each
// created, loaded by COPY and recorded in tpcc_ch_tables in one
// transaction, so that a killed prepare leaves each table complete or
// absent and the next one adds only what is missing. A table of that name
// tpcc did not make is refused (exit 2) before anything is made. Under
// --distribute citus (as bmsql_config records the load) the three are
// reference tables, a full copy on every node, as bmsql_item is.
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

// Throws UsageError (exit 2) naming a table of CH's names that tpcc did not
// make: called before anything of a prepare --ch is made, TPC-C's load
// included.
void refuse_others_ch_tables(const Config& config);

// Exit 0; throws UsageError / ConnectError for exit statuses 2 / 3.
int prepare_ch_tables(const Config& config, std::ostream& out);

}  // namespace tpcc
