#include "report/views/lag_text.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <string>

#include "report/views/format.hpp"

namespace tpcc {
namespace {

// A lag in milliseconds with the precision the interval lines use for
// latencies.
std::string lag_ms_text(double ms) { return format_ms(ms * 1000.0); }

}  // namespace

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
  if (reading.replay_delay_ms)
    part("last replay " + lag_ms_text(*reading.replay_delay_ms) + " ago");
  return text.empty() ? "n/a" : text;
}

}  // namespace tpcc
