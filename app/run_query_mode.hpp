// `tpcc run --query-mode prepared` through a transaction pooler: refused
// before the run rather than run into "prepared statement does not exist"
// on every transaction.
#pragma once

#include "config/config.hpp"

namespace tpcc {

// With the prepared query mode, probes the run's conninfo
// (db/pooler_probe.hpp); throws UsageError naming the pooler problem,
// --query-mode and props queryMode when a prepared statement does not
// outlive its transaction there. Says nothing when the probe cannot tell.
void refuse_prepared_through_pooler(const Config& config);

}  // namespace tpcc
