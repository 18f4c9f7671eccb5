// `tpcc run`, after the engine: what the run measured as the report reads
// it, and the exit status with the line that explains it.
#pragma once

#include <ctime>
#include <ostream>
#include <string>

#include "app/run_setup.hpp"
#include "config/config.hpp"
#include "metrics/run.hpp"
#include "metrics/stats.hpp"
#include "report/rules/run_verdict.hpp"
#include "terminal/engine/engine.hpp"

namespace tpcc {

// The run as the summary and the result files describe it. barrier_start
// is --driver's common start (UTC), empty without --driver.
RunInfo run_info(const Config& config, const RunSetup& setup, const EngineResult& result,
                 std::time_t started, const std::string& barrier_start);

// Whether the run's downtime fails it: any downtime does, but with
// --failover (health.failover_expected) only an outage still open at the end
// (a longer one than --max-downtime stopped the run already).
bool downtime_fails(const RunHealth& health);

// The exit status for a finished run's measured stats and health (see
// run_benchmark).
int run_exit_status(const RunStats& stats, const RunHealth& health);

// The exit status of the whole run (primary, standbys, and with --spec the
// run's verdict, the one judged where the run ended), writing to out the
// line that explains a failure.
int overall_status(const Config& config, const RunInfo& info, const RunStats& stats,
                   const RunVerdict& verdict, std::ostream& out);

}  // namespace tpcc
