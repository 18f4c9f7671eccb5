// One run of the configured workload: TPC-C (checked before and after with
// --check-before-after), one of sysbench's oltp tests, pgbench's scripts or
// the bulk ingest. tpcc run without --repeat, and each run of a set.
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

// Runs config's workload once into its result directory; returns the run's
// exit status.
int run_once(const Config& config, std::ostream& out);

}  // namespace tpcc
