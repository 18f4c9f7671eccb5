// tpcc report --compare: runs side by side. The figures compared and the
// configuration differences are pure functions of the result directories
// read back (report/results/result_read.hpp); the page is report/html/compare_page.cpp.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "report/views/result_dir_read.hpp"

namespace tpcc {

// One headline figure of every run, and its ratio to the first run's
// (none when a figure is missing or the first run's is 0).
struct ComparedFigure {
  std::string name;  // "tpmC", "New-Order p90 ms"
  std::vector<std::optional<double>> values;
  std::vector<std::optional<double>> ratios;
  int decimals = 1;
  // A repeated set summarises it (tpcc run --repeat, --compare of two
  // sets); a sweep's table shows it.
  bool of_set = true;
  bool swept = false;
};

// The runs' figures (result.json's "figures"): every headline figure of
// the first run, in its order, then those only later runs have (TPC-C:
// tpmC, tpmTOTAL, efficiency where meaningful, errors, retries, the
// measured seconds; oltp: tps, qps, ...); then, of runs of several
// transaction types, the p90 and the p99 of each type, and the client's and server's CPU per
// transaction, each where some run has it. A run without a figure has none (and no ratio).
std::vector<ComparedFigure> compared_figures(const std::vector<ResultDir>& runs);

// The server metrics of every run (report/server_metrics_view): each
// metric's mean over the measured intervals ("commits/s", "buffer hit %",
// ...), then the share in % of the wait events among the first few of any
// run ("wait CPU %"), each with its ratio to the first run's; none where a
// run lacks the metric (--server-metrics off, a view the server lacks).
// Metrics no run has are left out.
std::vector<ComparedFigure> compared_server_metrics(const std::vector<ResultDir>& runs);

// b / a; none when either is missing or a is 0.
std::optional<double> ratio_to(const std::optional<double>& a, const std::optional<double>& b);

// A ratio as the page and the console show it: "1.50×", small ones with two
// significant digits ("0.00017×"), "-" for none.
std::string ratio_text(const std::optional<double>& ratio);

// One setting of config.json across the runs: its value in each (absent:
// the run's config.json has no such key), and whether they differ.
struct ComparedSetting {
  std::string key;
  std::vector<std::optional<std::string>> values;
  bool differs = false;
};

// Every leaf of the runs' config.json, in the first run's order, then the
// keys only later runs have.
std::vector<ComparedSetting> compared_settings(const std::vector<std::string>& config_jsons);

}  // namespace tpcc
