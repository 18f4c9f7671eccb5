// What a repeated set (tpcc run --repeat) of the ingest does between its
// runs: the tables emptied (and, with --ingest-checkpoint, a CHECKPOINT),
// each step timed and printed, so that each run starts from empty tables as
// the first did.
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

// Before the set's first run: throws UsageError when a step between the
// runs could not be done (the role may not CHECKPOINT), so that a set
// never stops after its first run for it.
void ingest_check_between_runs(const Config& config);

// Before each run after the first.
void ingest_between_runs(const Config& config, std::ostream& out);

}  // namespace tpcc
