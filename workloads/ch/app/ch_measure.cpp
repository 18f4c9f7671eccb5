#include "workloads/ch/app/ch_measure.hpp"

namespace tpcc {
namespace {

constexpr double kMicrosPerMs = 1000.0;

}  // namespace

void WarmupErrors::take(const ChErrorCounters& counters) {
  std::lock_guard<std::mutex> lock(mutex_);
  counts_ = counters.counts();
}

ChErrorCounters::Counts WarmupErrors::measured(const ChErrorCounters& counters) const {
  std::lock_guard<std::mutex> lock(mutex_);
  ChErrorCounters::Counts now = counters.counts();
  for (std::size_t i = 0; i < now.cancels.size(); ++i) {
    now.recovery_conflicts[i] -= counts_.recovery_conflicts[i];
    now.cancels[i] -= counts_.cancels[i];
  }
  return now;
}

ChFigures ch_figures(int streams, const RunStats& stats, double seconds,
                     const ChErrorCounters::Counts& errors) {
  ChFigures f;
  f.streams = streams;
  f.seconds = seconds;
  for (int query = 1; query <= kChQueryCount; ++query) {
    const auto slot = static_cast<std::size_t>(query - 1);
    const TxnStats& txn = stats.txn[slot];
    ChQueryFigures q;
    q.name = ch_query_name(query);
    q.count = completed(txn);
    q.rows = tally(txn, kChRowsTally);
    q.errors = txn.errors;
    q.recovery_conflicts = errors.recovery_conflicts[slot];
    q.cancels = errors.cancels[slot];
    if (txn.latency.count() > 0) {
      q.p50_ms = txn.latency.percentile(50) / kMicrosPerMs;
      q.p90_ms = txn.latency.percentile(90) / kMicrosPerMs;
      q.max_ms = static_cast<double>(txn.latency.max()) / kMicrosPerMs;
    }
    f.queries += q.count;
    f.per_query.push_back(q);
  }
  const LatencyHistogram latency = latency_all(stats);
  f.p50_ms = latency.percentile(50) / kMicrosPerMs;
  f.p90_ms = latency.percentile(90) / kMicrosPerMs;
  f.max_ms = static_cast<double>(latency.max()) / kMicrosPerMs;
  f.qphh = ch_qphh(f.queries, f.seconds);
  return f;
}

}  // namespace tpcc
