// tpcc cleanup for the ingest workload: drops the tables tpcc_ingest_tables
// names, then the record; a tpcc_ingest_<n> table the kit did not create
// stays, and is named.
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

// Exit 0, in one transaction: all of it is dropped, or (on an error) nothing.
int cleanup_ingest_tables(const Config& config, std::ostream& out);

}  // namespace tpcc
