// result.json of tpcc sweep: its axes and, per point, its values, status,
// directory (relative) and the workload's headline figures (TPC-C's tpmC,
// tpmTOTAL, each type's p90; oltp's tps, qps, percentile; pgbench's tps
// and average latency; ingest's rows/s and MB/s: a single run's value, or
// a repeated set's median with its 95 % interval).
// tpcc report DIR reads it back to draw the sweep's page again.
#pragma once

#include <string>

#include "report/views/sweep_view.hpp"

namespace tpcc {

inline constexpr const char* kSweepKind = "sweep";

std::string sweep_result_json(const SweepView& view);

// dir's result.json is a sweep's.
bool is_sweep_result(const std::string& dir);

// Each point's figures read from its directory (a single run or a repeated
// set); a point without a readable result keeps none. A sweep over
// ch-streams adds each point's throughput in % of its ch-streams=0 point's
// (add_interference_figures).
void read_sweep_figures(SweepView& view, const std::string& dir);

// DIR/result.json of a sweep: the axes and points, each point's figures read
// again from its directory. Throws UsageError starting with flag and naming
// the file when it is missing or not a sweep's.
SweepView read_sweep_result(const std::string& dir, const std::string& flag);

}  // namespace tpcc
