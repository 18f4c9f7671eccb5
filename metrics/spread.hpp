// The spread of one figure over repeated runs, and how two sets of runs
// differ beyond their noise: the arithmetic behind tpcc run --repeat and
// tpcc report --compare of repeated sets.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

namespace tpcc {

// The runs' values of one figure (tpmC, a p90, ...).
struct Spread {
  std::size_t runs = 0;
  double median = 0;
  double mean = 0;
  double min = 0;
  double max = 0;
  double stddev = 0;  // the sample standard deviation (n - 1); 0 with one run
  // stddev / mean; none with one run or a mean of 0.
  std::optional<double> cv;
  // The 95 % confidence interval of the mean (Student's t with n - 1
  // degrees of freedom); none with fewer than two runs.
  std::optional<double> ci_low;
  std::optional<double> ci_high;
};

// Throws std::invalid_argument on no values.
Spread spread_of(std::vector<double> values);

// Set B against set A: the ratio of their means and its 95 % confidence
// interval, from Welch's t interval of the difference of the means divided
// by A's mean. No interval with fewer than two runs on either side or A's
// mean of 0; no ratio either when A's mean is 0.
struct RatioInterval {
  std::optional<double> ratio;
  std::optional<double> low;
  std::optional<double> high;
  // The interval includes 1: the sets do not differ beyond their noise.
  bool within_noise() const { return low && high && *low <= 1.0 && 1.0 <= *high; }
};

RatioInterval ratio_interval(const std::vector<double>& a, const std::vector<double>& b);

// Above this coefficient of variation a set of runs is called noisy: its
// runs differ by more than a setting under test usually moves a figure.
constexpr double kNoisyCoefficientOfVariation = 0.05;

}  // namespace tpcc
