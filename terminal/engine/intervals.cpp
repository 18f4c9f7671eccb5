#include "terminal/engine/intervals.hpp"

#include <algorithm>
#include <utility>

namespace tpcc {
namespace {

constexpr double kMinTailSeconds = 1.0;

}  // namespace

IntervalReporter::IntervalReporter(std::vector<WorkerStats*> workers, std::size_t types)
    : workers_(std::move(workers)), types_(types) {}

void IntervalReporter::start(Clock::time_point start) {
  start_ = start;
  last_boundary_ = start;
}

RunStats IntervalReporter::take_from_workers() {
  RunStats merged(types_);
  for (WorkerStats* worker : workers_) merged.merge(worker->take_interval());
  return merged;
}

IntervalSample IntervalReporter::cut(Clock::time_point end, bool warmup) {
  IntervalSample sample;
  sample.end_seconds = seconds_between(start_, end);
  sample.length_seconds = seconds_between(last_boundary_, end);
  sample.warmup = warmup;
  sample.stats = take_from_workers();
  last_boundary_ = end;
  return sample;
}

bool IntervalReporter::tail_is_new_line(Clock::time_point end, bool warmup) const {
  const double tail = seconds_between(last_boundary_, end);
  return samples_.empty() || samples_.back().warmup != warmup || tail >= kMinTailSeconds;
}

IntervalSample IntervalReporter::cut_tail(Clock::time_point end, bool warmup) {
  return cut(std::max(end, last_boundary_), warmup);
}

void IntervalReporter::merge_tail(Clock::time_point end) {
  const double tail = seconds_between(last_boundary_, end);
  IntervalSample& last = samples_.back();
  last.stats.merge(take_from_workers());
  if (tail > 0) {
    last.end_seconds += tail;
    last.length_seconds += tail;
  }
}

}  // namespace tpcc
