// The live metrics of a run in Prometheus's text exposition format
// (version 0.0.4): a pure function of a snapshot, so the text is tested
// without a run or a socket. docs/live-metrics.md lists the metrics.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "metrics/stats.hpp"

namespace tpcc {

// The run's phase as tpcc_phase shows it.
enum class LivePhase { Starting, Warmup, Measured, Done };

// "starting", "warmup", "measured", "done".
const char* live_phase_name(LivePhase phase);

// One standby's replication lag (the primary's replay_lag), absent while
// the server gives none.
struct StandbyLagNow {
  std::string standby;  // host and port, password-free
  std::optional<double> replay_lag_seconds;
};

// TPC-C's five types as the live metrics name them (result.json's keys).
std::vector<std::string> tpcc_live_types();

// What ran beside the run's own terminals (a mixed run's analytic streams,
// --ch-streams): its workload and types, the counters and histograms of
// its measured interval so far (every group of it together), the
// terminals it has started. No workload: nothing ran beside.
struct LiveSide {
  std::string workload;  // "ch"; empty: none
  std::vector<std::string> types;
  RunStats measured;
  int active_terminals = 0;
};

// What the live metrics show at one moment: the counters and histograms of
// the measured interval so far (the figures result.json holds at the end),
// and gauges of the latest interval.
struct LiveSnapshot {
  LivePhase phase = LivePhase::Starting;
  // The workload's types, slot by slot of RunStats::txn (result.json's keys:
  // "new_order", sysbench's "event", pgbench's "tpcb-like").
  std::vector<std::string> types = tpcc_live_types();
  // Whether slot 0 counts New-Orders, so that the tpmC gauges mean tpmC:
  // TPC-C's runs only; the others leave the gauges out.
  bool tpmc = true;
  RunStats measured;
  double run_tpmc = 0;       // tpmC of the measured interval so far (result.json's at the end)
  double interval_tpmc = 0;  // tpmC of the latest interval line (warm-up ones included)
  int active_terminals = 0;
  int terminals = 0;
  double downtime_seconds = 0;  // the whole run's, warm-up included
  std::vector<StandbyLagNow> lag;
  LiveSide side;
};

// The upper bounds (le) of tpcc_latency_seconds's buckets, in microseconds:
// 1 ms to 60 s, each a lower edge of one of the kit's histogram buckets
// (metrics/histogram.cpp), the nearest at or below a round figure, so that
// each cumulative count is exact from the kit's own histogram.
const std::vector<std::int64_t>& latency_bucket_bounds_micros();

// The latencies of h below `micros` (a bound of latency_bucket_bounds_micros).
std::int64_t count_below(const LatencyHistogram& h, std::int64_t micros);

// A label value escaped as the format asks: backslash, double quote and
// line feed as \\, \" and \n.
std::string escape_label_value(const std::string& value);

// The whole exposition text, ending in a line feed.
std::string exposition_text(const LiveSnapshot& snapshot);

}  // namespace tpcc
