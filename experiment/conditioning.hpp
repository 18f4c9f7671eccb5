// tpcc run --condition: what is done to the server between the restore and
// the terminals' start (VACUUM, ANALYZE, CHECKPOINT, pg_prewarm), each step
// timed, so that repeats start alike and the result says how.
#pragma once

#include <ostream>
#include <vector>

#include "config/config.hpp"
#include "metrics/experiment.hpp"

namespace tpcc {

// Before anything runs: throws UsageError when a step cannot work for this
// role (checkpoint needs superuser or pg_checkpoint).
void check_conditioning(const Config& config);

// Runs config.condition in order on the database of config.conninfo,
// printing each step and its time.
std::vector<ConditioningStep> condition_database(const Config& config, std::ostream& out);

}  // namespace tpcc
