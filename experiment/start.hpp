// What a run does before its terminals start, for experiments from one
// loaded state: --restore (back to the snapshot), --condition (vacuum,
// analyze, checkpoint, restart, prewarm), and the environment every result records.
#pragma once

#include <ostream>
#include <string>

#include "config/config.hpp"
#include "metrics/experiment.hpp"
#include "metrics/workload_tables.hpp"

namespace tpcc {

// Checks everything the options need first (UsageError, nothing done),
// then restores, conditions and reads the environment, printing each step.
// tables: the workload's load as the database holds it (what --restore's
// snapshot must copy, what vacuum, analyze and prewarm work on).
// result_dir: the run's, for a restart's server output.
ExperimentRecord start_experiment(const Config& config, const WorkloadTables& tables,
                                  const std::string& result_dir, std::ostream& out);

}  // namespace tpcc
