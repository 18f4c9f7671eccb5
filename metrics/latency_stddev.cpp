#include "metrics/latency_stddev.hpp"

#include <cmath>

namespace tpcc {

double latency_stddev(const LatencyHistogram& latency) {
  if (const std::optional<double> exact = latency.stddev()) return *exact;
  if (latency.count() < 2) return 0;
  const double mean = latency.mean();
  const std::vector<std::int64_t>& buckets = latency.buckets();
  double squares = 0;
  for (std::size_t i = 0; i < buckets.size(); ++i) {
    if (buckets[i] == 0) continue;
    const auto [low, width] = LatencyHistogram::bucket_span(i);
    const double deviation = low + width / 2 - mean;
    squares += static_cast<double>(buckets[i]) * deviation * deviation;
  }
  // pgbench's: the population deviation, sqrt(sum of squares / n - mean²).
  return std::sqrt(squares / static_cast<double>(latency.count()));
}

}  // namespace tpcc
