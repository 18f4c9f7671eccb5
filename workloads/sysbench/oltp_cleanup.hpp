// tpcc cleanup for sysbench's oltp tests: drops the sbtest tables tpcc's
// record (tpcc_sysbench_tables) names, then the record; an sbtest table the
// kit did not create stays, and is named.
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

// Exit 0; a drop the server refuses (an object of someone else's depends
// on a table) throws its error, and nothing is dropped.
int cleanup_oltp_tables(const Config& config, std::ostream& out);

}  // namespace tpcc
