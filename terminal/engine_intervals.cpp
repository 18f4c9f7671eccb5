#include "terminal/engine_intervals.hpp"

#include <algorithm>
#include <utility>

namespace tpcc {
namespace {

constexpr double kMinTailSeconds = 1.0;

}  // namespace

IntervalReporter::IntervalReporter(ConsoleLog& log, std::vector<WorkerStats*> workers)
    : log_(log), workers_(std::move(workers)) {}

void IntervalReporter::start(Clock::time_point start) {
  start_ = start;
  last_boundary_ = start;
}

RunStats IntervalReporter::take_from_workers() {
  RunStats merged;
  for (WorkerStats* worker : workers_) merged.merge(worker->take_interval());
  return merged;
}

void IntervalReporter::emit(Clock::time_point end, bool warmup) {
  IntervalSample sample;
  sample.end_seconds = seconds_between(start_, end);
  sample.length_seconds = seconds_between(last_boundary_, end);
  sample.warmup = warmup;
  sample.stats = take_from_workers();
  log_.line(format_interval_line(sample));
  samples_.push_back(std::move(sample));
  last_boundary_ = end;
}

void IntervalReporter::finish(Clock::time_point end, bool warmup) {
  const double tail = seconds_between(last_boundary_, end);
  if (!samples_.empty() && samples_.back().warmup == warmup && tail < kMinTailSeconds) {
    IntervalSample& last = samples_.back();
    last.stats.merge(take_from_workers());
    if (tail > 0) {
      last.end_seconds += tail;
      last.length_seconds += tail;
    }
    return;
  }
  emit(std::max(end, last_boundary_), warmup);
}

}  // namespace tpcc
