#include <cmath>
#include <string>

#include "report/format.hpp"
#include "report/report.hpp"

namespace tpcc {
namespace {

std::string elapsed_text(const IntervalSample& sample) {
  return "[ " + std::to_string(std::llround(sample.end_seconds)) + "s ]";
}

// " p90: ... p99: ... err/s: ... retries: ...", percentiles over all five
// transactions ("-" when none answered: there is no percentile, and 0.00ms
// would read as fast), rates over the interval's length; then what went
// wrong: " SERVER UNREACHABLE 4.0s" and " STALLED: 2 in flight, oldest 6.0s".
std::string latency_and_errors_text(const IntervalSample& sample) {
  const RunStats& s = sample.stats;
  const LatencyHistogram all = latency_all(s);
  const double length = sample.length_seconds;
  const double err_per_second = length > 0 ? static_cast<double>(errors_total(s)) / length : 0.0;
  const bool answered = all.count() > 0;
  std::string text = " p90: " + (answered ? format_ms(all.percentile(90)) : std::string("-")) +
                     " p99: " + (answered ? format_ms(all.percentile(99)) : std::string("-")) +
                     " err/s: " + format_rate(err_per_second) +
                     " retries: " + std::to_string(retries_total(s));
  if (sample.downtime_seconds > 0) {
    text += " SERVER UNREACHABLE " + fixed(sample.downtime_seconds, 1) + "s";
  }
  if (sample.stalled > 0) {
    text += " STALLED: " + std::to_string(sample.stalled) + " in flight, oldest " +
            fixed(sample.oldest_stalled_seconds, 1) + "s";
  }
  return text;
}

}  // namespace

std::string format_interval_line(const IntervalSample& sample) {
  const RunStats& s = sample.stats;
  const double length = sample.length_seconds;
  std::string line = elapsed_text(sample);
  line += " tpmC: " + fixed(tpmc(s, length), 0);
  line += " tpmTOTAL: " + fixed(tpm_total(s, length), 0);
  line += latency_and_errors_text(sample);
  if (sample.warmup) line += " (warm-up)";
  return line;
}

std::string format_standby_interval_line(int number, const IntervalSample& sample,
                                         const LagReading* lag) {
  std::string line = elapsed_text(sample) + " standby " + std::to_string(number) + ":";
  line += " tpmTOTAL: " + fixed(tpm_total(sample.stats, sample.length_seconds), 0);
  line += latency_and_errors_text(sample);
  if (lag != nullptr) line += " lag: " + format_lag_reading(*lag);
  if (sample.warmup) line += " (warm-up)";
  return line;
}

}  // namespace tpcc
