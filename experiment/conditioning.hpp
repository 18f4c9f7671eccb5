// tpcc run --condition: what is done to the server between the restore and
// the terminals' start (VACUUM, ANALYZE, CHECKPOINT, a restart of the server
// of --server-datadir, pg_prewarm), each step timed, so that repeats start
// alike and the result says how.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "metrics/experiment.hpp"
#include "metrics/workload_tables.hpp"

namespace tpcc {

// Before anything runs: throws UsageError when a step cannot work for this
// role (checkpoint needs superuser or pg_checkpoint) or this server
// (restart needs --server-datadir to be the connection's server), or when
// vacuum, analyze or prewarm would find no recorded table of the workload.
void check_conditioning(const Config& config, const WorkloadTables& tables);

// Throws UsageError starting with flag unless the role of conninfo may run
// CHECKPOINT (superuser or a member of pg_checkpoint); the message ends
// with the grant to give, "or " instead.
void require_checkpoint_privilege(const std::string& conninfo, const std::string& flag,
                                  const std::string& instead);

// Runs config.condition in order on the database of config.conninfo,
// printing each step and its time: vacuum, analyze and prewarm on the
// tables of `tables` (TPC-C's: the ten). A restart's server output goes to
// result_dir/server-restart.log.
std::vector<ConditioningStep> condition_database(const Config& config, const WorkloadTables& tables,
                                                 const std::string& result_dir, std::ostream& out);

}  // namespace tpcc
