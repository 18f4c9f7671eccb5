// What the engine writes to the console about its groups of terminals: the
// connections it opens and what each group runs, at the start; then, at
// every interval boundary, one line per group (the primary's first, with
// the latest replication lag) in the caller's wording (IntervalLines), each
// kept for intervals.csv. Kept apart from
// the scheduler so the wording of the lines is read and changed in one
// place. Private to the engine (engine*.cpp).
#pragma once

#include "terminal/engine/clock.hpp"
#include "terminal/engine/engine.hpp"
#include "terminal/engine/group.hpp"
#include "terminal/engine/server_metrics_sampler.hpp"
#include "terminal/engine/stats.hpp"
#include "terminal/standby/replication_lag.hpp"

namespace tpcc {

// "opening N connections (k to the primary, ... to standby 1)...".
void log_opening(const Groups& groups, int connections, ConsoleLog& log);

// "running N terminals on M connections (...)" and the group's plan, on the
// group's own log.
void log_running(const Group& group);

// The samplers whose readings go on the primary's interval lines: lag is
// null in a run without standbys, server with --server-metrics off.
struct IntervalSamplers {
  const LagSampler* lag = nullptr;
  ServerMetricsSampler* server = nullptr;
  std::vector<ServerMetricsSampler*> standby_servers;  // in the standbys' order
};

// Every group's line for the interval ending at `at`.
void emit_interval_lines(const Groups& groups, Clock::time_point at, bool warmup,
                         const IntervalSamplers& samplers, ConsoleLog& log,
                         const IntervalOutputs& outputs);

// At the run's end, once the workers have stopped: what they recorded since
// the last boundary becomes every group's last line, or goes into its
// previous one when only a sliver is left (IntervalReporter::merge_tail).
void finish_interval_lines(const Groups& groups, Clock::time_point end, bool warmup,
                           const IntervalSamplers& samplers, ConsoleLog& log,
                           const IntervalOutputs& outputs);

}  // namespace tpcc
