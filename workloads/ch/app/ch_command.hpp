// tpcc prepare, check and cleanup --workload ch: CH-benCHmark's tables
// alone, on and beside a TPC-C load (prepare adds them to the load the
// database holds; cleanup drops them and leaves TPC-C's).
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

int ch_table_command(const Config& config, std::ostream& out);

}  // namespace tpcc
