#include "workloads/ch/metrics/ch_freshness.hpp"

#include <algorithm>
#include <cmath>

#include "metrics/stats.hpp"

namespace tpcc {

ChRecoveryConflicts conflicts_delta(const ChRecoveryConflicts& start,
                                    const ChRecoveryConflicts& end) {
  return {end.snapshot - start.snapshot, end.lock - start.lock, end.bufferpin - start.bufferpin,
          end.deadlock - start.deadlock, end.tablespace - start.tablespace};
}

std::int64_t conflicts_total(const ChRecoveryConflicts& c) {
  return c.snapshot + c.lock + c.bufferpin + c.deadlock + c.tablespace;
}

std::int64_t freshness_micros(double ms) {
  return std::max<std::int64_t>(0, std::llround(ms * 1000.0));
}

ChFreshness freshness_of(const LatencyHistogram& micros) {
  ChFreshness f;
  f.samples = micros.count();
  if (f.samples == 0) return f;
  f.p50_ms = micros.percentile(50) / 1000.0;
  f.p99_ms = micros.percentile(99) / 1000.0;
  f.max_ms = static_cast<double>(micros.max()) / 1000.0;
  return f;
}

}  // namespace tpcc
