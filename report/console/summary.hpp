// The final summary printed at the end of a run.
#pragma once

#include <ostream>

#include "config/config.hpp"
#include "metrics/run.hpp"
#include "metrics/stats.hpp"
#include "report/rules/run_verdict.hpp"

namespace tpcc {

// The final summary table (tpmC, tpmTOTAL, efficiency, per transaction
// counts, %, rollbacks, errors, retries, p50/p90/p95/p99/max, 90th
// percentile limits PASS/FAIL), then the run's verdict as judged once where
// the run ended: its input audits and run rules.
void print_summary(std::ostream& out, const Config& config, const RunInfo& info,
                   const RunStats& stats, const RunVerdict& verdict);

// The run as one standby's side saw it, for a workload's final block of
// that side: the standby's health under the run's stop, no standbys.
RunInfo standby_side(const RunInfo& info, const StandbyRun& standby);

// A standby's replication lag over the run: write, flush and replay lag,
// bytes behind and the last replay's age, p50 / p99 / max.
void print_lag(std::ostream& out, const LagFigures& lag);

// The primary's figures per host (--host-policy round-robin or random),
// then all hosts'; nothing when the run was not spread over hosts.
void print_hosts(std::ostream& out, const Config& config, const RunInfo& info,
                 const RunStats& stats);

}  // namespace tpcc
