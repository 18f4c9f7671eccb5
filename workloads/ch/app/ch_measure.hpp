// What a run of CH's analytic streams measured, taken from the engine's
// statistics and the workload's own error counts: the streams on their
// own (--workload ch) and beside TPC-C's terminals (a mixed run) alike.
#pragma once

#include <mutex>

#include "metrics/run.hpp"
#include "metrics/stats.hpp"
#include "workloads/ch/ch_workload.hpp"

namespace tpcc {

// The workload's error counts as the warm-up's last interval ends, taken
// away from the run's so that they cover the measured interval, as the
// engine's counts do.
class WarmupErrors {
 public:
  void take(const ChErrorCounters& counters);
  ChErrorCounters::Counts measured(const ChErrorCounters& counters) const;

 private:
  mutable std::mutex mutex_;
  ChErrorCounters::Counts counts_;
};

// QphH and the per-query table of `streams` streams whose queries the
// measured interval's `stats` (one slot per query) counted over `seconds`.
ChFigures ch_figures(int streams, const RunStats& stats, double seconds,
                     const ChErrorCounters::Counts& errors);

}  // namespace tpcc
