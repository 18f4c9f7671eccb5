#include "metrics/terminal_totals.hpp"

#include <cmath>
#include <tuple>
#include <utility>

namespace tpcc {
namespace {

// The mean of values and their population standard deviation.
std::pair<double, double> mean_and_stddev(const std::vector<double>& values) {
  const auto n = static_cast<double>(values.size());
  double sum = 0;
  for (const double v : values) sum += v;
  const double mean = sum / n;
  double squares = 0;
  for (const double v : values) squares += (v - mean) * (v - mean);
  return {mean, std::sqrt(squares / n)};
}

}  // namespace

std::optional<Fairness> fairness_of(const TerminalTotals& totals) {
  if (totals.events.empty() || totals.events.size() != totals.busy_micros.size()) {
    return std::nullopt;
  }
  std::vector<double> events;
  std::vector<double> seconds;
  for (std::size_t i = 0; i < totals.events.size(); ++i) {
    events.push_back(static_cast<double>(totals.events[i]));
    seconds.push_back(static_cast<double>(totals.busy_micros[i]) / 1e6);
  }
  Fairness f;
  std::tie(f.events_avg, f.events_stddev) = mean_and_stddev(events);
  std::tie(f.seconds_avg, f.seconds_stddev) = mean_and_stddev(seconds);
  return f;
}

}  // namespace tpcc
