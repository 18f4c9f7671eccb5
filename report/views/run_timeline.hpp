// What happened to the server from the restore to the end of the run, in
// order: the restore from the snapshot, each --condition step, the warm-up
// and the measured interval, each with its length. One model, drawn by the
// report page as a bar before the interval charts.
#pragma once

#include <string>
#include <vector>

#include "metrics/run.hpp"

namespace tpcc {

enum class TimelinePart { BeforeRun, Warmup, Measured };

struct TimelineSegment {
  std::string label;  // "restore", "vacuum", ..., "warm-up", "measured"
  double seconds = 0;
  TimelinePart part = TimelinePart::BeforeRun;
};

std::vector<TimelineSegment> run_timeline(const RunInfo& info);

}  // namespace tpcc
