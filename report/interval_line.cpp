#include <cmath>
#include <string>

#include "report/format.hpp"
#include "report/report.hpp"

namespace tpcc {

std::string format_interval_line(const IntervalSample& sample) {
  const RunStats& s = sample.stats;
  const LatencyHistogram all = latency_all(s);
  const double length = sample.length_seconds;
  const double err_per_second = length > 0 ? static_cast<double>(errors_total(s)) / length : 0.0;

  std::string line = "[ " + std::to_string(std::llround(sample.end_seconds)) + "s ]";
  line += " tpmC: " + fixed(tpmc(s, length), 0);
  line += " tpmTOTAL: " + fixed(tpm_total(s, length), 0);
  line += " p90: " + format_ms(all.percentile(90));
  line += " p99: " + format_ms(all.percentile(99));
  line += " err/s: " + format_rate(err_per_second);
  line += " retries: " + std::to_string(retries_total(s));
  if (sample.warmup) line += " (warm-up)";
  return line;
}

}  // namespace tpcc
