// tpcc prepare, check and cleanup when the workload is ingest
// (Config::workload): the tpcc_ingest_<n> tables instead of TPC-C's.
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

// Prepare (followed by check unless --no-check), check or cleanup of the
// ingest tables; the exit status.
int ingest_table_command(const Config& config, std::ostream& out);

}  // namespace tpcc
