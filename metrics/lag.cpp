#include "metrics/lag.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <string>

namespace tpcc {
namespace {

void add(std::vector<double>& values, const std::optional<double>& value) {
  if (value) values.push_back(*value);
}

}  // namespace

LagSummary summarize(std::vector<double> values) {
  LagSummary summary;
  summary.samples = values.size();
  if (values.empty()) return summary;
  std::sort(values.begin(), values.end());
  // Nearest rank: the smallest value with at least p% of the values at or
  // below it.
  const auto rank = [&values](double p) {
    const auto n = static_cast<double>(values.size());
    const auto index = static_cast<std::size_t>(std::max(1.0, std::ceil(p / 100.0 * n))) - 1;
    return values[std::min(index, values.size() - 1)];
  };
  summary.p50 = rank(50);
  summary.p99 = rank(99);
  summary.max = values.back();
  return summary;
}

LagFigures lag_figures(const std::vector<LagSample>& samples, std::size_t standby) {
  LagFigures figures;
  std::vector<double> write, flush, replay, bytes, delay;
  for (const LagSample& sample : samples) {
    if (!sample.measured || standby >= sample.readings.size()) continue;
    const LagReading& r = sample.readings[standby];
    ++figures.samples;
    if (!r.application_name.empty()) {
      figures.application_name = r.application_name;
      figures.client_addr = r.client_addr;
    }
    add(write, r.write_lag_ms);
    add(flush, r.flush_lag_ms);
    add(replay, r.replay_lag_ms);
    add(bytes, r.bytes_behind);
    add(delay, r.replay_delay_ms);
  }
  figures.write_lag_ms = summarize(std::move(write));
  figures.flush_lag_ms = summarize(std::move(flush));
  figures.replay_lag_ms = summarize(std::move(replay));
  figures.bytes_behind = summarize(std::move(bytes));
  figures.replay_delay_ms = summarize(std::move(delay));
  return figures;
}

}  // namespace tpcc
