// tpcc prepare, check and cleanup when the workload is pgbench
// (Config::workload): pgbench's tables instead of TPC-C's.
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

// Prepare (followed by check unless --no-check), check or cleanup of
// pgbench's tables; the exit status.
int pgbench_table_command(const Config& config, std::ostream& out);

}  // namespace tpcc
