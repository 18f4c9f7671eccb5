#include "workloads/ch/metrics/ch_freshness.hpp"

#include <algorithm>
#include <cmath>

namespace tpcc {
namespace {

// The nearest-rank percentile of sorted samples: the smallest sample with
// at least p% of them at or below it.
double nearest_rank(const std::vector<double>& sorted, double p) {
  const auto rank =
      static_cast<std::size_t>(std::ceil(p / 100.0 * static_cast<double>(sorted.size())));
  return sorted[std::max<std::size_t>(rank, 1) - 1];
}

}  // namespace

ChRecoveryConflicts conflicts_delta(const ChRecoveryConflicts& start,
                                    const ChRecoveryConflicts& end) {
  return {end.snapshot - start.snapshot, end.lock - start.lock, end.bufferpin - start.bufferpin,
          end.deadlock - start.deadlock, end.tablespace - start.tablespace};
}

std::int64_t conflicts_total(const ChRecoveryConflicts& c) {
  return c.snapshot + c.lock + c.bufferpin + c.deadlock + c.tablespace;
}

ChFreshness freshness_of(std::vector<double> samples_ms) {
  ChFreshness f;
  if (samples_ms.empty()) return f;
  std::sort(samples_ms.begin(), samples_ms.end());
  f.samples = static_cast<std::int64_t>(samples_ms.size());
  f.p50_ms = nearest_rank(samples_ms, 50);
  f.p99_ms = nearest_rank(samples_ms, 99);
  f.max_ms = samples_ms.back();
  return f;
}

}  // namespace tpcc
