#include "metrics/stats.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "spec/audit_tallies.hpp"
#include "spec/constants.hpp"

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
  // Stats sized before the workload's tallies were known (a merge's
  // accumulator) take the other's.
  if (tallies.size() < other.tallies.size()) tallies.resize(other.tallies.size(), 0);
  for (std::size_t i = 0; i < other.tallies.size(); ++i) tallies[i] += other.tallies[i];
  executions_failed += other.executions_failed;
  keying.merge(other.keying);
  think.merge(other.think);
  late += other.late;
  skipped += other.skipped;
  schedule_lag.merge(other.schedule_lag);
}

RunStats::RunStats(std::size_t types, std::size_t tallies)
    : txn(types), whole_deck_completed(types, 0) {
  for (TxnStats& t : txn) t.tallies.assign(tallies, 0);
}

void RunStats::merge(const RunStats& other) {
  if (other.txn.size() != txn.size() ||
      other.whole_deck_completed.size() != whole_deck_completed.size()) {
    throw std::logic_error("statistics of " + std::to_string(other.txn.size()) +
                           " transaction types merged into statistics of " +
                           std::to_string(txn.size()));
  }
  for (std::size_t i = 0; i < txn.size(); ++i) txn[i].merge(other.txn[i]);
  reconnects += other.reconnects;
  statements.merge(other.statements);
  delivery_completion.merge(other.delivery_completion);
  deliveries_not_completed += other.deliveries_not_completed;
  for (std::size_t i = 0; i < whole_deck_completed.size(); ++i) {
    whole_deck_completed[i] += other.whole_deck_completed[i];
  }
  whole_decks += other.whole_decks;
  decks_touched += other.decks_touched;
}

std::int64_t tally(const TxnStats& stats, std::size_t index) {
  return index < stats.tallies.size() ? stats.tallies[index] : 0;
}

std::int64_t& tally_slot(TxnStats& stats, std::size_t index) {
  if (index >= stats.tallies.size()) stats.tallies.resize(index + 1, 0);
  return stats.tallies[index];
}

bool is_tpcc_block(const RunStats& stats) {
  return stats.txn.size() == static_cast<std::size_t>(kTxnTypes);
}

const TxnStats& tpcc_type(const RunStats& stats, TxnIndex type) {
  if (!is_tpcc_block(stats)) {
    throw std::logic_error("TPC-C's figures read from statistics of " +
                           std::to_string(stats.txn.size()) + " transaction types, not " +
                           std::to_string(kTxnTypes));
  }
  return stats.txn[static_cast<std::size_t>(type)];
}

std::int64_t completed(const TxnStats& stats) {
  return stats.committed + stats.rolled_back - stats.executions_failed;
}

std::int64_t failed_responses(const TxnStats& stats) {
  return stats.errors - stats.executions_failed;
}

double SkippedDistricts::deliveries_percent() const {
  return deliveries > 0
             ? 100.0 * static_cast<double>(deliveries_with_skips) / static_cast<double>(deliveries)
             : 0.0;
}

double SkippedDistricts::districts_percent() const {
  return districts > 0
             ? 100.0 * static_cast<double>(districts_skipped) / static_cast<double>(districts)
             : 0.0;
}

bool SkippedDistricts::reportable() const {
  return static_cast<double>(deliveries_with_skips) >
         std::max(0.01 * static_cast<double>(deliveries), 1.0);
}

SkippedDistricts skipped_districts(const RunStats& stats) {
  const TxnStats& del = tpcc_type(stats, kDelivery);
  SkippedDistricts s;
  // Deferred (2.7.2): the executions that completed; their skips are counted
  // by the delivery workers (WorkerStats::record_delivery_execution).
  const bool deferred = stats.delivery_completion.count() > 0 || stats.deliveries_not_completed > 0;
  s.deliveries = deferred ? stats.delivery_completion.count() : completed(del);
  s.deliveries_with_skips = tally(del, kTallyDeliveriesWithSkips);
  s.districts = s.deliveries * kDistrictsPerWarehouse;
  s.districts_skipped = tally(del, kTallySkippedDeliveries);
  return s;
}

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
std::int64_t late_total(const RunStats& stats) { return sum_of(stats, &TxnStats::late); }
std::int64_t skipped_total(const RunStats& stats) { return sum_of(stats, &TxnStats::skipped); }
std::int64_t retries_total(const RunStats& stats) { return sum_of(stats, &TxnStats::retries); }
std::int64_t timeouts_total(const RunStats& stats) { return sum_of(stats, &TxnStats::timeouts); }
std::int64_t unfinished_total(const RunStats& stats) {
  return sum_of(stats, &TxnStats::unfinished);
}

LatencyHistogram schedule_lag_all(const RunStats& stats) {
  LatencyHistogram all;
  for (const auto& t : stats.txn) all.merge(t.schedule_lag);
  return all;
}

LatencyHistogram latency_all(const RunStats& stats) {
  LatencyHistogram all;
  for (const auto& t : stats.txn) all.merge(t.latency);
  return all;
}

double per_minute(std::int64_t count, double seconds) {
  return seconds > 0 ? static_cast<double>(count) * 60.0 / seconds : 0.0;
}

double per_second(std::int64_t count, double seconds) {
  return seconds > 0 ? static_cast<double>(count) / seconds : 0.0;
}

// 5.4.2 with 2.4.2.3: a New-Order rolled back for its unused item number is
// a completed business transaction, so it counts toward tpmC like a
// committed one; transactions that ended in an error do not count.
double tpmc(const RunStats& stats, double measured_seconds) {
  if (!is_tpcc_block(stats)) return 0;
  return per_minute(completed(stats.txn[kNewOrder]), measured_seconds);
}

double tpm_total(const RunStats& stats, double measured_seconds) {
  return per_minute(completed_total(stats), measured_seconds);
}

bool percentile_with_failures(const LatencyHistogram& completed, std::int64_t failed, double p,
                              double* micros) {
  const std::int64_t all = completed.count() + std::max<std::int64_t>(failed, 0);
  if (all == 0) return false;
  // The rank among all; the failed ones rank above every completed one.
  const auto rank = static_cast<std::int64_t>(std::ceil(p / 100.0 * static_cast<double>(all)));
  if (rank > completed.count()) return false;
  // The rank-th value: half a rank below it, so that the histogram's
  // percentile, which rounds up, lands on it.
  *micros = completed.percentile((static_cast<double>(rank) - 0.5) * 100.0 /
                                 static_cast<double>(completed.count()));
  return true;
}

bool p90_within(const TxnStats& stats, double limit_seconds) {
  double micros = 0;
  return percentile_with_failures(stats.latency, failed_responses(stats), 90, &micros) &&
         micros <= limit_seconds * 1e6;
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
