// tpcc prepare, check and cleanup when the workload is one of sysbench's
// oltp tests (Config::workload): the sbtest tables instead of TPC-C's.
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

// Prepare (followed by check unless --no-check), check or cleanup of the
// sbtest tables; the exit status.
int oltp_table_command(const Config& config, std::ostream& out);

}  // namespace tpcc
