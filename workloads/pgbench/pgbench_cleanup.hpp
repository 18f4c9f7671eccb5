// tpcc cleanup --workload pgbench: drops the pgbench tables tpcc prepared
// (those tpcc_pgbench_tables records) and the record; leaves, and names,
// pgbench tables another program made. Objects of others that depend on
// them make it refuse (exit 1, naming each) unless --cascade
// (workloads/recorded_tables.hpp).
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

int cleanup_pgbench_tables(const Config& config, std::ostream& out);

}  // namespace tpcc
