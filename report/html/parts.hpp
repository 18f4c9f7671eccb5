// The sections of report.html and of the comparison page, each built by a
// function of its own (one file per kind: charts.cpp, config_section.cpp,
// html_report.cpp, compare_page.cpp). Internal to report/.
#pragma once

#include <string>
#include <vector>

#include "report/html/html_report.hpp"
#include "report/html/svg.hpp"
#include "report/views/compare.hpp"
#include "report/views/environment_compare.hpp"

namespace tpcc::html {

// tpmC and tpmTOTAL per interval, the warm-up shaded. Server events (the
// checkpoints and autovacuums of a later metrics section) come as markers.
svg::LineChart throughput_chart(const std::vector<IntervalPoint>& points,
                                const std::vector<svg::Marker>& server_events = {});

// p50, p90 and p99 of one transaction type per interval (intervals without
// one of them are left out).
svg::LineChart type_latency_chart(const std::vector<IntervalPoint>& points, int type);

// A workload's own chart over elapsed seconds (WorkloadChart), across the
// page, a colour per line.
svg::LineChart workload_chart(const WorkloadChart& chart);

// The measured latencies of one transaction type, 10 bars per decade of
// milliseconds, with its p90 marked.
svg::HistogramChart type_histogram_chart(const RunStats& stats, int type);

// The run's checkpoints (dashed lines) and autovacuums (ticks at the foot,
// labelled with their tables) as markers for the throughput chart
// (server_charts.cpp).
std::vector<svg::Marker> server_event_markers(const ServerMetricsRun& run);

// The server metrics charted per interval, only those the run has; a note
// for those it lacks and for --server-metrics off.
std::string server_metrics_section(const ServerMetricsRun& run,
                                   const std::string& heading = "Server metrics per interval");

// The kit's backends' wait events: the measured interval's table and a
// stacked bar per interval (waits.cpp). Empty with metrics off.
std::string wait_events_section(const ServerMetricsRun& run,
                                const std::string& heading = "Wait events of the kit's backends");

// The restore, the --condition steps, the warm-up and the measured
// interval as one bar, each part as wide as it lasted (timeline.cpp).
std::string timeline_section(const RunInfo& info);

// Rows keyed and valued per run (config.json's leaves, the environment):
// how many differ, the differing rows highlighted, then those all runs
// share folded in a <details> (compared_rows.cpp). absent: the cell of a
// run without the row.
std::string compared_rows_html(const std::vector<ComparedSetting>& rows,
                               const std::vector<std::string>& columns, const std::string& key,
                               const std::string& absent);

// The runs' start and environment compared (report/views/environment_compare).
std::string environment_html(const std::vector<ResultDir>& runs,
                             const std::vector<std::string>& columns);

// The warm-up as a band: from 0 to the end of the last warm-up interval
// of points (anything with end_seconds and warmup); none without one.
template <typename Point>
std::vector<svg::Band> warmup_bands(const std::vector<Point>& points) {
  double end = 0;
  for (const Point& p : points) {
    if (p.warmup && p.end_seconds > end) end = p.end_seconds;
  }
  if (end <= 0) return {};
  return {{0, end, "warm-up"}};
}

// The two-column table of config.json's leaves (views/config_leaves.hpp).
std::string config_table(const std::vector<std::pair<std::string, std::string>>& leaves);

// One headline figure of a page's facts: its name above its value.
std::string fact(const std::string& name, const std::string& value);

// The lines that tell a run was not clean (views/health.hpp), in red.
std::string health_html(const RunInfo& info, const RunStats& stats);

// The page's <head> with the shared style sheet (screen and print), and
// the <body> opened.
std::string page_head(const std::string& title);
std::string cell(const std::string& value, const char* tag = "td");

// A workload's table (views/workload_figures.hpp) under its title.
std::string table_html(const WorkloadTable& table);

}  // namespace tpcc::html
