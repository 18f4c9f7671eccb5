#include "report/lag.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <string>

#include "report/format.hpp"

namespace tpcc {
namespace {

// A lag in milliseconds with the precision the interval lines use for
// latencies.
std::string lag_ms_text(double ms) { return format_ms(ms * 1000.0); }

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

std::string format_bytes(double bytes) {
  if (bytes < 1024) return std::to_string(std::llround(std::max(0.0, bytes))) + " B";
  const char* units[] = {"kB", "MB", "GB", "TB"};
  double value = bytes / 1024;
  std::size_t unit = 0;
  while (value >= 1024 && unit + 1 < std::size(units)) {
    value /= 1024;
    ++unit;
  }
  return fixed(value, 1) + " " + units[unit];
}

std::string format_lag_summary(const LagSummary& summary, bool bytes) {
  if (summary.samples == 0) return "-";
  const auto value = [bytes](double v) { return bytes ? format_bytes(v) : lag_ms_text(v); };
  return value(summary.p50) + " / " + value(summary.p99) + " / " + value(summary.max);
}

std::string format_lag_reading(const LagReading& reading) {
  std::string text;
  const auto part = [&text](const std::string& piece) {
    if (!text.empty()) text += ", ";
    text += piece;
  };
  if (reading.replay_lag_ms) part("replay " + lag_ms_text(*reading.replay_lag_ms));
  if (reading.bytes_behind) part(format_bytes(*reading.bytes_behind) + " behind");
  if (reading.replay_delay_ms) part("last replay " + lag_ms_text(*reading.replay_delay_ms) + " ago");
  return text.empty() ? "n/a" : text;
}

}  // namespace tpcc
