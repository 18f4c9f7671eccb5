// tpcc cleanup for sysbench's oltp tests: drops the sbtest tables tpcc's
// record (tpcc_sysbench_tables) names, then the record; an sbtest table the
// kit did not create stays, and is named. Objects of others that depend on
// them make it refuse (exit 1, naming each) unless --cascade
// (workloads/recorded_tables.hpp).
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

int cleanup_oltp_tables(const Config& config, std::ostream& out);

}  // namespace tpcc
