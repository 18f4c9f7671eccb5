// tpcc cleanup of CH-benCHmark's tables: those tpcc_ch_tables names, and
// the record (workloads/recorded_tables.hpp); a bmsql_supplier, bmsql_nation
// or bmsql_region the kit did not make is left and named.
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

// Nothing (exit 0, nothing said) when the database holds no record of CH
// tables; otherwise as cleanup_recorded_tables.
int cleanup_ch_tables(const Config& config, std::ostream& out);

}  // namespace tpcc
