// What a mixed run (--ch-streams) measures beside the streams' queries
// (docs/ch.md "Freshness", "Recovery conflicts on standbys"): the
// heartbeat on the primary and each query's freshness per server, and,
// with the streams on standbys, each standby's recovery conflicts over the
// run, its hot_standby_feedback and the primary's dead tuples meanwhile.
#pragma once

#include <memory>
#include <vector>

#include "config/config.hpp"
#include "metrics/run.hpp"
#include "workloads/ch/mixed/freshness_samples.hpp"
#include "workloads/ch/mixed/heartbeat.hpp"
#include "workloads/ch/mixed/standby_conflicts.hpp"

namespace tpcc {

class ChMixedMeasures {
 public:
  explicit ChMixedMeasures(const Config& config);

  // What the streams' workload records each query's freshness in.
  FreshnessSamples* freshness() { return &freshness_; }

  // Before the run: the heartbeat table made (and replayed by the
  // standbys the streams run on), its beats started, the standbys' first
  // readings taken.
  void set_up();

  // At each interval's end (the side groups' first sample).
  void end_interval(const IntervalSample& sample) {
    freshness_.end_interval(sample.end_seconds, sample.warmup);
  }

  // After the run: the beats stopped, the figures added.
  void finish(ChFigures& figures);

 private:
  const Config& config_;
  bool on_standbys_;
  FreshnessSamples freshness_;
  StandbyConflictWatch conflicts_;
  std::unique_ptr<ChHeartbeat> heartbeat_;
};

}  // namespace tpcc
