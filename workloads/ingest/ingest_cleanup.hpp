// tpcc cleanup for the ingest workload: drops the tables tpcc_ingest_tables
// names, then the record; a tpcc_ingest_<n> table the kit did not create
// stays, and is named. Objects of others that depend on them make it refuse
// (exit 1, naming each) unless --cascade (workloads/recorded_tables.hpp).
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

int cleanup_ingest_tables(const Config& config, std::ostream& out);

}  // namespace tpcc
