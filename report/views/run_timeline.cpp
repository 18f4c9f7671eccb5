#include "report/views/run_timeline.hpp"

namespace tpcc {

std::vector<TimelineSegment> run_timeline(const RunInfo& info) {
  std::vector<TimelineSegment> segments;
  const ExperimentRecord& experiment = info.experiment;
  if (experiment.snapshot) segments.push_back({"restore", experiment.snapshot->seconds});
  for (const ConditioningStep& step : experiment.conditioning) {
    segments.push_back({step.step, step.seconds});
  }
  if (info.warmup_seconds > 0) {
    segments.push_back({"warm-up", info.warmup_seconds, TimelinePart::Warmup});
  }
  segments.push_back({"measured", info.measured_seconds, TimelinePart::Measured});
  return segments;
}

}  // namespace tpcc
