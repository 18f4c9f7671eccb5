// report.html: one self-contained HTML5 page per run (inline CSS and SVG,
// no scripts, no external resources) that explains the run: the headline
// figures, throughput over time with the warm-up shaded and the server's
// checkpoints and autovacuums marked, the server metrics on the same time
// axis, the wait events of the kit's backends, p50/p90/p99 of each
// transaction over time, each transaction's latency histogram on a log
// axis, the transaction table, the input audits, the run rules and the
// configuration (config.json, password masked). Each section is built by a
// function of its own (report/html/charts.cpp, server_charts.cpp,
// waits.cpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "config/config.hpp"
#include "metrics/run.hpp"
#include "report/results/interval_points.hpp"
#include "report/results/result_read.hpp"
#include "report/rules/run_verdict.hpp"
#include "report/views/repeat_set.hpp"

namespace tpcc {

inline constexpr const char* kReportFile = "report.html";

// text with & < > " ' replaced by character references, safe in element
// content and in quoted attribute values.
std::string html_escape(std::string_view text);

// What the page is drawn from: the run's figures and verdict as
// result.json, histograms.json, intervals_by_type.csv and config.json hold
// them.
struct ReportPage {
  Config config;
  RunInfo info;
  RunStats stats;
  RunVerdict verdict;
  std::vector<IntervalPoint> points;
  std::string config_json;  // config.json's text (password masked)
  // What ran beside the run (a mixed run's analytic streams: their
  // per-query table), from result.json.
  std::vector<WorkloadTable> side_tables;
  std::vector<WorkloadChart> side_charts;  // their freshness per interval
};

std::string html_report(const ReportPage& page);

// A TPC-C run's page from its figures in memory: points from its samples,
// config.json from its configuration. A run's own report.html is
// html_run_report's, drawn from its files.
std::string html_report(const Config& config, const RunInfo& info, const RunStats& stats,
                        const RunVerdict& verdict, const std::vector<IntervalSample>& intervals);

// report.html of a result directory read back, whatever its workload: what
// a run writes at its end (from the files it has just written) and what
// tpcc report DIR draws again, one code path, so the two are the same page.
std::string html_run_report(const RecordedRun& run);

// The page of tpcc report --compare (compare_page.cpp).
std::string html_compare(const std::vector<ResultDir>& runs);

// The page of a run of sysbench's oltp tests, pgbench or ingest
// (workload_page.cpp), read back from its result directory: its own
// figures, tps and latency per interval, the server metrics, the
// configuration; no TPC-C figure.
std::string html_workload_report(const ResultDir& run);

// tpcc report --compare of runs of one such workload (workload_compare_page.cpp):
// its figures side by side with the ratio to the first run's, tps over time,
// the differing configuration.
std::string html_workload_compare(const std::vector<ResultDir>& runs);

// The page of a repeated set (tpcc run --repeat; repeat_page.cpp): each run
// linked to its own report.html (runs' dir relative to the set's), and each
// figure's spread.
struct RepeatSetPage {
  std::vector<ResultDir> runs;
  std::vector<int> exit_statuses;
  std::vector<RepeatedFigure> figures;
};
std::string html_repeat_set(const RepeatSetPage& page);

// tpcc report --compare of two repeated sets: each figure's means, their
// ratio and its 95 % confidence interval, and whether it is beyond noise;
// first, how the runs of both sets started and what they ran on.
std::string html_compare_sets(const std::string& dir_a, const std::vector<ResultDir>& runs_a,
                              const std::string& dir_b, const std::vector<ResultDir>& runs_b,
                              const std::vector<ComparedSetFigure>& figures);

}  // namespace tpcc
