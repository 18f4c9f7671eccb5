// A mixed run (tpcc run --ch-streams N, docs/ch.md): CH-benCHmark's
// analytic streams beside TPC-C's terminals on the same clock, on the
// primary or on each standby (--ch-on). The streams are CH's workload and
// figures (ch_workload, ch_measure) as --workload ch runs them: QphH and
// the per-query table, in result.json's "ch" with "on", never in tpmC.
#pragma once

#include <memory>

#include "app/side_run.hpp"
#include "config/config.hpp"

namespace tpcc {

// The streams of config.ch_streams; null without them.
std::unique_ptr<SideRun> ch_side_run(const Config& config);

}  // namespace tpcc
