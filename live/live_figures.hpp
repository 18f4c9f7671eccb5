// The live metrics' figures as the run goes: each interval's samples (the
// engine's IntervalSink, at every interval boundary) update one snapshot,
// and the end of the run replaces its counters with the measured
// interval's own figures, the ones result.json holds. Fresh as the report
// interval: nothing is read between boundaries, so the terminals' hot path
// is untouched. Thread-safe: the engine's thread updates, the listener's
// reads.
#pragma once

#include <mutex>
#include <string>
#include <vector>

#include "live/exposition.hpp"
#include "metrics/run.hpp"

namespace tpcc {

class LiveFigures {
 public:
  // standbys: each standby's name for tpcc_replication_lag_seconds, in
  // --standby-conn order; terminals: the primary's.
  LiveFigures(std::vector<std::string> standbys, int terminals);

  // The run's workload: its types, slot by slot, and whether slot 0 counts
  // New-Orders (TPC-C's tpmC gauges). TPC-C's until set.
  void set_workload(std::vector<std::string> types, bool tpmc);

  // One interval's samples, the primary's first (IntervalSink).
  void add_interval(const std::vector<IntervalSample>& samples);

  // What runs beside (SideGroups): its workload and types; then each
  // interval's samples of its groups (their IntervalSink).
  void set_side(std::string workload, std::vector<std::string> types);
  void add_side_interval(const std::vector<IntervalSample>& samples);

  // The run is done: the measured interval's figures (result.json's), the
  // whole run's downtime, and those of what ran beside (null: nothing).
  void finish(const RunStats& measured, double measured_seconds, double downtime_seconds,
              const RunStats* side_measured = nullptr);

  LiveSnapshot snapshot() const;
  std::string text() const { return exposition_text(snapshot()); }

 private:
  mutable std::mutex mutex_;
  std::vector<std::string> standbys_;
  LiveSnapshot snapshot_;
  double measured_seconds_ = 0;
};

}  // namespace tpcc
