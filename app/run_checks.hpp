// `tpcc run`'s refusals of options the loaded database cannot honour, read
// against the load itself (the props check before it can only use keys).
#pragma once

#include "app/run_setup.hpp"
#include "config/config.hpp"

namespace tpcc {

// Throws UsageError naming the flag or props key when a standby holds
// another load, a sysbench table count differs from the load, the isolation
// cannot hold on a Citus-distributed load, or fixed home warehouses get more
// than ten terminals each. Adds to setup.standby_warnings a standby that is
// not in recovery.
void check_setup(const Config& config, RunSetup& setup);

}  // namespace tpcc
