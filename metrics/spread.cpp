#include "metrics/spread.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

#include <boost/math/distributions/students_t.hpp>

namespace tpcc {
namespace {

constexpr double kConfidence = 0.95;

// The two-sided 95 % quantile of Student's t.
double t_quantile(double degrees_of_freedom) {
  const boost::math::students_t t(degrees_of_freedom);
  return boost::math::quantile(t, 1 - (1 - kConfidence) / 2);
}

double mean_of(const std::vector<double>& v) {
  return std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
}

// The sample variance (n - 1); needs two values.
double variance_of(const std::vector<double>& v) {
  const double mean = mean_of(v);
  double sum = 0;
  for (double x : v) sum += (x - mean) * (x - mean);
  return sum / static_cast<double>(v.size() - 1);
}

}  // namespace

Spread spread_of(std::vector<double> values) {
  if (values.empty()) throw std::invalid_argument("spread_of: no values");
  std::sort(values.begin(), values.end());
  Spread s;
  s.runs = values.size();
  const std::size_t mid = values.size() / 2;
  s.median = values.size() % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
  s.mean = mean_of(values);
  s.min = values.front();
  s.max = values.back();
  if (values.size() < 2) return s;
  s.stddev = std::sqrt(variance_of(values));
  if (s.mean != 0) s.cv = s.stddev / std::fabs(s.mean);
  const double half = t_quantile(static_cast<double>(values.size() - 1)) * s.stddev /
                      std::sqrt(static_cast<double>(values.size()));
  s.ci_low = s.mean - half;
  s.ci_high = s.mean + half;
  return s;
}

RatioInterval ratio_interval(const std::vector<double>& a, const std::vector<double>& b) {
  RatioInterval r;
  if (a.empty() || b.empty()) return r;
  const double mean_a = mean_of(a);
  const double mean_b = mean_of(b);
  if (mean_a == 0) return r;
  r.ratio = mean_b / mean_a;
  if (a.size() < 2 || b.size() < 2) return r;
  const double per_a = variance_of(a) / static_cast<double>(a.size());
  const double per_b = variance_of(b) / static_cast<double>(b.size());
  const double se = std::sqrt(per_a + per_b);
  double half = 0;
  if (se > 0) {
    // Welch-Satterthwaite degrees of freedom.
    const double df = (per_a + per_b) * (per_a + per_b) /
                      (per_a * per_a / static_cast<double>(a.size() - 1) +
                       per_b * per_b / static_cast<double>(b.size() - 1));
    half = t_quantile(df) * se;
  }
  const double difference = mean_b - mean_a;
  r.low = (mean_a + difference - half) / mean_a;
  r.high = (mean_a + difference + half) / mean_a;
  if (*r.low > *r.high) std::swap(*r.low, *r.high);  // a negative mean of A
  return r;
}

}  // namespace tpcc
