#include "metrics/stats.hpp"

namespace tpcc {

void DelayTotals::add(double delay_seconds) {
  seconds += delay_seconds;
  ++count;
}

void DelayTotals::merge(const DelayTotals& other) {
  seconds += other.seconds;
  count += other.count;
}

double DelayTotals::mean() const { return count > 0 ? seconds / static_cast<double>(count) : 0.0; }

void TxnStats::merge(const TxnStats& other) {
  committed += other.committed;
  rolled_back += other.rolled_back;
  errors += other.errors;
  timeouts += other.timeouts;
  retries += other.retries;
  unfinished += other.unfinished;
  latency.merge(other.latency);
  order_lines += other.order_lines;
  remote_order_lines += other.remote_order_lines;
  remote_payments += other.remote_payments;
  by_last_name += other.by_last_name;
  skipped_deliveries += other.skipped_deliveries;
  deliveries_with_skips += other.deliveries_with_skips;
  keying.merge(other.keying);
  think.merge(other.think);
}

void RunStats::merge(const RunStats& other) {
  for (std::size_t i = 0; i < txn.size(); ++i) txn[i].merge(other.txn[i]);
  reconnects += other.reconnects;
  statements.merge(other.statements);
  delivery_completion.merge(other.delivery_completion);
  deliveries_not_completed += other.deliveries_not_completed;
}

std::int64_t completed(const TxnStats& stats) { return stats.committed + stats.rolled_back; }

std::int64_t completed_total(const RunStats& stats) {
  std::int64_t total = 0;
  for (const auto& t : stats.txn) total += completed(t);
  return total;
}

namespace {

std::int64_t sum_of(const RunStats& stats, std::int64_t TxnStats::*field) {
  std::int64_t total = 0;
  for (const auto& t : stats.txn) total += t.*field;
  return total;
}

}  // namespace

std::int64_t errors_total(const RunStats& stats) { return sum_of(stats, &TxnStats::errors); }
std::int64_t retries_total(const RunStats& stats) { return sum_of(stats, &TxnStats::retries); }
std::int64_t timeouts_total(const RunStats& stats) { return sum_of(stats, &TxnStats::timeouts); }
std::int64_t unfinished_total(const RunStats& stats) {
  return sum_of(stats, &TxnStats::unfinished);
}

LatencyHistogram latency_all(const RunStats& stats) {
  LatencyHistogram all;
  for (const auto& t : stats.txn) all.merge(t.latency);
  return all;
}

double per_minute(std::int64_t count, double seconds) {
  return seconds > 0 ? static_cast<double>(count) * 60.0 / seconds : 0.0;
}

// 5.4.2 with 2.4.2.3: a New-Order rolled back for its unused item number is
// a completed business transaction, so it counts toward tpmC like a
// committed one; transactions that ended in an error do not count.
double tpmc(const RunStats& stats, double measured_seconds) {
  return per_minute(completed(stats.txn[kNewOrder]), measured_seconds);
}

double tpm_total(const RunStats& stats, double measured_seconds) {
  return per_minute(completed_total(stats), measured_seconds);
}

bool p90_within(const TxnStats& stats, double limit_seconds) {
  return stats.latency.percentile(90) <= limit_seconds * 1e6;
}

// 5.2.5: with keying and think times, ten terminals per warehouse cannot
// exceed about 12.86 New-Orders per minute per warehouse.
double efficiency(double tpmc_value, int warehouses) {
  if (warehouses <= 0) return 0;
  return tpmc_value / (kMaxTpmcPerWarehouse * warehouses) * 100.0;
}

bool efficiency_meaningful(const Config& config) {
  return config.keying_and_thinking && config.think_multiplier == 1.0 &&
         config.keying_multiplier == 1.0;
}

}  // namespace tpcc
