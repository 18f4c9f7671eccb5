// The interval reporter's bookkeeping: each line's stats are taken from the
// workers' interval stats, printed with format_interval_line and kept for
// intervals.csv.
#pragma once

#include <vector>

#include "report/report.hpp"
#include "terminal/engine_clock.hpp"
#include "terminal/engine_stats.hpp"

namespace tpcc {

class IntervalReporter {
 public:
  IntervalReporter(ConsoleLog& log, std::vector<WorkerStats*> workers);

  // The run starts: intervals count from start.
  void start(Clock::time_point start);

  // One line for (last boundary, end]; end becomes the boundary.
  void emit(Clock::time_point end, bool warmup);

  // Once the workers have stopped, at the run's end: what they recorded
  // since the last line goes into a last line, or into the previous one
  // when only a sliver of time (under a second) is left, so no line shows a
  // rate computed over a few milliseconds.
  void finish(Clock::time_point end, bool warmup);

  Clock::time_point last_boundary() const { return last_boundary_; }
  std::vector<IntervalSample> take_samples() { return std::move(samples_); }

 private:
  RunStats take_from_workers();

  ConsoleLog& log_;
  std::vector<WorkerStats*> workers_;
  Clock::time_point start_;
  Clock::time_point last_boundary_;
  std::vector<IntervalSample> samples_;
};

}  // namespace tpcc
