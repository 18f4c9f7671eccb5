// The interval reporter's bookkeeping for one group of terminals: each
// line's stats are taken from the workers' interval stats and kept for
// intervals.csv; the engine prints them (format_interval_line), several
// groups' lines at the same boundaries in a combined run.
#pragma once

#include <vector>

#include "metrics/run.hpp"
#include "terminal/engine/clock.hpp"
#include "terminal/engine/stats.hpp"

namespace tpcc {

class IntervalReporter {
 public:
  // types: the workload's (Workload::types().size()), every worker's.
  IntervalReporter(std::vector<WorkerStats*> workers, std::size_t types);

  // The run starts: intervals count from start.
  void start(Clock::time_point start);

  // The stats of (last boundary, end]; end becomes the boundary. The
  // sample is not kept until add().
  IntervalSample cut(Clock::time_point end, bool warmup);
  void add(IntervalSample sample) { samples_.push_back(std::move(sample)); }

  // Once the workers have stopped, at the run's end: what they recorded
  // since the last line goes into a last line (cut_tail, then printed and
  // added), or into the previous one (merge_tail) when only a sliver of
  // time (under a second) is left, so no line shows a rate computed over a
  // few milliseconds; tail_is_new_line says which. Every group of a run
  // decides alike: they share the boundaries.
  bool tail_is_new_line(Clock::time_point end, bool warmup) const;
  IntervalSample cut_tail(Clock::time_point end, bool warmup);
  void merge_tail(Clock::time_point end);

  Clock::time_point last_boundary() const { return last_boundary_; }
  std::vector<IntervalSample> take_samples() { return std::move(samples_); }

 private:
  RunStats take_from_workers();

  std::vector<WorkerStats*> workers_;
  std::size_t types_ = 0;
  Clock::time_point start_;
  Clock::time_point last_boundary_;
  std::vector<IntervalSample> samples_;
};

}  // namespace tpcc
