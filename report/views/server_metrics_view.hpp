// The server metrics as the report pages show them: each
// metric's value per interval as a rate or a level, the checkpoints and
// autovacuums that become markers on the throughput chart, and the wait
// events summed over the measured interval. Pure: drawn from a
// ServerMetricsRun (result.json's "server_metrics" read back), unit tested
// in tests/unit/test_server_metrics_view.cpp.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "metrics/server_metrics.hpp"

namespace tpcc {

// One metric of the report: its name with its unit, the chart it is drawn
// in (charts group metrics of one unit), and its value in one interval of
// `length_seconds` (empty when the run did not sample it).
struct ServerMetric {
  const char* name;   // "commits/s"
  const char* chart;  // "Commits and rollbacks per second"
  int decimals;
  std::optional<double> (*value)(const ServerMetricsInterval& m, double length_seconds);
};

// Every metric, in the order of the report's charts and of the comparison's
// table.
const std::vector<ServerMetric>& server_metrics_shown();

// Each interval's length: its end minus the previous one's (the first
// interval starts at 0).
std::vector<double> interval_lengths(const std::vector<ServerMetricsPoint>& points);

// A metric's mean over the measured (not warm-up) intervals that have it;
// empty when none has.
std::optional<double> measured_mean(const ServerMetricsRun& run, const ServerMetric& metric);

// A server event drawn on the throughput chart at the end of the interval
// whose deltas show it (the point the chart draws for that interval).
struct ServerEvent {
  enum class Kind { Checkpoint, Autovacuum };
  Kind kind = Kind::Checkpoint;
  double at_seconds = 0;
  std::string label;  // "checkpoint", "2 checkpoints"; the tables vacuumed
};

// A checkpoint marker at each interval where checkpoints_timed +
// checkpoints_req went up; an autovacuum marker at each interval where a
// worker was seen, labelled with its tables (or "autovacuum" when unknown)
// only where they differ from the previous interval's, so a long vacuum is
// one label and a row of ticks.
std::vector<ServerEvent> server_events(const ServerMetricsRun& run);

// The kit's backends' wait events summed over the measured intervals, most
// sampled first, with their shares of all those samples ("CPU": not
// waiting).
std::vector<WaitShare> measured_waits(const ServerMetricsRun& run);

// One interval's wait events as shares of `shown` (the events charted, in
// that order), then "other" for the rest: one stacked bar. All zero for an
// interval without samples.
std::vector<double> wait_shares_of(const ServerMetricsInterval& m,
                                   const std::vector<std::string>& shown);

}  // namespace tpcc
