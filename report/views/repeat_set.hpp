// The figures of repeated runs as the pages and the console show them:
// each headline figure's values over the runs of one set with their spread
// (tpcc run --repeat), and two sets side by side with the ratio of their
// means and its confidence interval (tpcc report --compare of two sets).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "metrics/spread.hpp"
#include "report/views/result_dir_read.hpp"

namespace tpcc {

// One figure of a set: each run's value (none where a run lacks it) and the
// spread of those it has.
struct RepeatedFigure {
  std::string name;
  int decimals = 1;
  std::vector<std::optional<double>> values;
  std::optional<Spread> spread;
  bool swept = false;  // a sweep's table shows it (ComparedFigure::swept)
  // Its coefficient of variation is above kNoisyCoefficientOfVariation.
  bool noisy() const;
};

// The figures a set summarises, over its runs: those of report --compare
// a repeated set summarises (ComparedFigure::of_set: TPC-C's headline
// figures, tpmC first, and its types' p90 and p99; the other workloads'
// throughput and latency, tps, qps, ..., and their types').
std::vector<RepeatedFigure> repeated_figures(const std::vector<ResultDir>& runs);

// The runs' values that are there, in order.
std::vector<double> present_values(const std::vector<std::optional<double>>& values);

// One figure of set B against set A (both sets of one workload).
struct ComparedSetFigure {
  std::string name;
  int decimals = 1;
  std::optional<Spread> a;
  std::optional<Spread> b;
  RatioInterval ratio;
};

std::vector<ComparedSetFigure> compared_sets(const std::vector<ResultDir>& a,
                                             const std::vector<ResultDir>& b);

// "within noise", "beyond noise", or why no interval can be given.
std::string noise_verdict(const RatioInterval& ratio);

// "2.3 %", "-" without one.
std::string cv_text(const Spread& spread);

// "[1234.5, 1300.2]", "-" without one.
std::string interval_text(const std::optional<double>& low, const std::optional<double>& high,
                          int decimals);

}  // namespace tpcc
