#include "metrics/run.hpp"

#include <algorithm>

namespace tpcc {

const char* stop_reason_name(StopReason reason) {
  switch (reason) {
    case StopReason::Completed: return "completed";
    case StopReason::Interrupted: return "interrupted";
    case StopReason::Fatal: return "fatal_error";
    case StopReason::Downtime: return "max_downtime";
    case StopReason::Internal: return "internal_error";
  }
  return "?";
}

double recovery_time_seconds(const RunHealth& health) {
  double longest = 0;
  for (const Outage& outage : health.outages) longest = std::max(longest, outage.seconds());
  return longest;
}

std::vector<IntervalThroughput> measured_throughput(const std::vector<IntervalSample>& intervals) {
  std::vector<IntervalThroughput> lines;
  for (const IntervalSample& sample : intervals) {
    if (sample.warmup || sample.length_seconds <= 0) continue;
    // New-Orders of TPC-C's statistics only; another workload has none.
    const std::int64_t new_orders =
        is_tpcc_block(sample.stats) ? completed(sample.stats.txn[kNewOrder]) : 0;
    lines.push_back({sample.length_seconds, new_orders, sample.downtime_seconds,
                     completed_total(sample.stats)});
  }
  return lines;
}

}  // namespace tpcc
