// `tpcc run --metrics-listen ADDR:PORT`: the live metrics served while the
// run lasts (docs/live-metrics.md). The listener is bound before the run
// (an address it cannot use is exit 2 before anything is measured), the
// engine's interval sink feeds it, and the end of the run gives it the
// measured interval's figures, served --metrics-linger seconds more.
// Without --metrics-listen every call does nothing.
#pragma once

#include <memory>
#include <ostream>

#include "config/config.hpp"
#include "live/live_figures.hpp"
#include "live/metrics_server.hpp"
#include "metrics/run.hpp"
#include "terminal/engine/engine.hpp"

namespace tpcc {

class LiveMetricsRun {
 public:
  // Binds --metrics-listen, if given; throws UsageError (exit 2) naming it.
  LiveMetricsRun(const Config& config, std::ostream& out);

  // setup with its interval sink also feeding the live metrics, which name
  // the types of setup.workload.
  EngineSetup hooked(EngineSetup setup);

  // The run is done: its measured figures (and those of what ran beside,
  // if anything) replace the running ones, and the listener serves them
  // --metrics-linger seconds more.
  void finish(const RunInfo& info, const RunStats& stats, std::ostream& out,
              const RunStats* side_stats = nullptr);

 private:
  int linger_seconds_ = 0;
  bool tpmc_ = true;  // TPC-C's run: slot 0 counts New-Orders
  std::unique_ptr<LiveFigures> figures_;
  std::unique_ptr<MetricsServer> server_;
};

}  // namespace tpcc
