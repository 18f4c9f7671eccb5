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
// transactions, rates over the interval's length.
std::string latency_and_errors_text(const IntervalSample& sample) {
  const RunStats& s = sample.stats;
  const LatencyHistogram all = latency_all(s);
  const double length = sample.length_seconds;
  const double err_per_second = length > 0 ? static_cast<double>(errors_total(s)) / length : 0.0;
  return " p90: " + format_ms(all.percentile(90)) + " p99: " + format_ms(all.percentile(99)) +
         " err/s: " + format_rate(err_per_second) + " retries: " + std::to_string(retries_total(s));
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
