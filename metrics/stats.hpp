// Per-worker measurements, merged at the end (leveldb Stats::Merge style),
// and the metric arithmetic of clause 5.4 in small pure functions.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "config/config.hpp"
#include "db/statement_counts.hpp"
#include "spec/transactions.hpp"

namespace tpcc {

// Log-linear latency histogram: fixed memory, mergeable, percentiles within
// ~1% relative error. Values in microseconds.
class LatencyHistogram {
 public:
  // The sum of squares' type (below).
  __extension__ typedef unsigned __int128 Squares;

  LatencyHistogram();
  void record(std::int64_t micros);
  void merge(const LatencyHistogram& other);
  std::int64_t count() const { return count_; }
  std::int64_t max() const { return max_; }
  // The exact smallest recorded value (0 when empty); nullopt when not
  // known (a histogram read back from a file that did not keep it, or
  // merged with one).
  std::optional<std::int64_t> min() const;
  // The exact mean of the recorded values, from their sum (0 when empty).
  double mean() const;
  // The population standard deviation of the recorded values, from their
  // exact sum of squares, as pgbench's sqrt(sum2 / n - mean^2); nullopt
  // when the squares are not known (a histogram read back from a file that
  // did not keep them, or merged with one).
  std::optional<double> stddev() const;
  // p in [0, 100]; returns microseconds (0 when empty).
  double percentile(double p) const;

  // The layout of the buckets (histogram.cpp), kept with saved histograms
  // (histograms.json) so that histograms of another layout are never merged.
  static const char* layout();
  static std::size_t bucket_count();
  // Bucket index's lowest value and width, in microseconds (the latency
  // histograms of report.html).
  static std::pair<double, double> bucket_span(std::size_t index);
  // Saved and restored in full: the buckets (empty when nothing was
  // recorded), the count, the sum, the min and the max. restore() throws
  // std::invalid_argument when the parts do not fit the layout or each other.
  const std::vector<std::int64_t>& buckets() const { return buckets_; }
  std::int64_t sum() const { return sum_; }
  // The sum of the squared micros in decimal (it outgrows 64 bits), empty
  // when not known; restore() takes it back.
  std::string sum_squares_text() const;
  // min: nullopt for a file written before it was kept.
  static LatencyHistogram restore(std::vector<std::int64_t> buckets, std::int64_t sum,
                                  std::int64_t max, const std::string& sum_squares_text = "",
                                  std::optional<std::int64_t> min = std::nullopt);

 private:
  std::vector<std::int64_t> buckets_;
  std::int64_t count_ = 0;
  std::int64_t max_ = 0;
  // Above every value until the first: record() keeps it with one compare.
  std::int64_t min_ = std::numeric_limits<std::int64_t>::max();
  bool min_known_ = true;
  std::int64_t sum_ = 0;  // of the recorded micros: 2^63 µs is ~292,000 years
  // Of the squared micros, in integers so that merging loses nothing: a
  // double's 53 bits are exceeded by a million values of 100 ms. 128 bits
  // hold 2^64 values of 71 minutes (2^32 µs, the histogram's top range).
  Squares squares_ = 0;
  bool squares_known_ = true;
};

// 5.2.5.2 / 5.2.5.4: the keying or think times the terminals' pacing drew
// for one transaction type, summed, for their realised mean.
struct DelayTotals {
  double seconds = 0;
  std::int64_t count = 0;
  void add(double delay_seconds);
  void merge(const DelayTotals& other);
  double mean() const;  // 0 when none
};

struct TxnStats {
  std::int64_t committed = 0;
  std::int64_t rolled_back = 0;  // the spec's New-Order rollbacks
  std::int64_t errors = 0;
  std::int64_t timeouts = 0;  // of the errors: statement or lock timeouts (57014, 55P03)
  std::int64_t retries = 0;
  // In flight when the run ended and still unanswered after --stop-grace:
  // cancelled, not completed, but their elapsed time is in `latency`.
  std::int64_t unfinished = 0;
  LatencyHistogram latency;  // committed, rolled back and unfinished, from due time
  // The workload's tallies (TxnResult::tallies), summed, by its own
  // indices (TPC-C's input audits: spec/audit_tallies.hpp); as many as the
  // workload declares, none for a workload without. Read with tally().
  std::vector<std::int64_t> tallies;
  // Deferred Delivery (2.7.2): executions that ended in an error. Their
  // queueing was counted in `committed` (the terminal's response); they
  // are not completed business transactions, and completed() leaves them
  // out. Their errors are in `errors`.
  std::int64_t executions_failed = 0;
  // Pacing (5.2.5.1): the keying time before a transaction of this type and
  // the think time after one, for the delays that began in the measured
  // interval; none without keying and think times.
  DelayTotals keying;
  DelayTotals think;
  // A latency limit (EngineSetup::latency_limit_ms, pgbench's -L): the
  // committed and rolled back that took longer, and, under --rate, the
  // transactions not sent because they were already that late when their
  // turn came (in no other count).
  std::int64_t late = 0;
  std::int64_t skipped = 0;
  // In a paced run (--rate, or keying and think times): how far behind its
  // due time each transaction was sent (the skipped have none). Under a
  // rate limit it is pgbench's schedule lag; with keying and think times,
  // how late the scheduler and a free connection took it.
  LatencyHistogram schedule_lag;
  void merge(const TxnStats& other);
};

// A run's (or a group's, or an interval's) figures, one TxnStats per
// transaction type of its workload (Workload::types(): TPC-C's five in
// their kTransactions order, one per pgbench script, ...). Sized once, when
// the run is built or a result file read; a default-constructed one has no
// types. Only stats of the same types merge.
struct RunStats {
  RunStats() = default;
  // tallies: the workload's (Workload::tally_count), each type's slots.
  explicit RunStats(std::size_t types, std::size_t tallies = 0);
  std::vector<TxnStats> txn;
  std::int64_t reconnects = 0;
  // The statements the transactions ran, by command tag (the qps of
  // --report-format sysbench).
  StatementCounts statements;
  // Deferred Delivery (2.7.2): txn[kDelivery].latency is the response time
  // (the queueing acknowledged); this is each queued delivery's time from
  // queueing to the completion of its database transaction (2.7.2.2: 90%
  // within 80 s), and the ones still queued or running when the run ended.
  // Empty with --delivery sync.
  LatencyHistogram delivery_completion;
  std::int64_t deliveries_not_completed = 0;
  // 5.2.4.2 / 5.2.3: the terminals' decks. A whole deck is one whose every
  // card's transaction was in the measured interval; the transactions
  // completed from whole decks, per type, give the mix the deck dealt,
  // apart from the decks cut by the interval's start and end. decks_touched
  // counts every deck with a card in the interval, whole or partial.
  // One per type, as txn.
  std::vector<std::int64_t> whole_deck_completed;
  std::int64_t whole_decks = 0;
  std::int64_t decks_touched = 0;
  std::size_t types() const { return txn.size(); }
  // Adds other's figures. Throws std::logic_error when other has other
  // types (another size): never a write past the slots.
  void merge(const RunStats& other);
};

// The workload's tally `index` of stats: 0 when stats hold none there.
std::int64_t tally(const TxnStats& stats, std::size_t index);
// Tally `index` of stats to set or add to, its slots grown to hold it.
std::int64_t& tally_slot(TxnStats& stats, std::size_t index);

// Whether stats are a TPC-C block: its five types in kTransactions order,
// the only stats TPC-C's own arithmetic (tpmC, the mix, the audits) reads.
bool is_tpcc_block(const RunStats& stats);
// stats.txn[type] of a TPC-C block; throws std::logic_error when stats are
// not one.
const TxnStats& tpcc_type(const RunStats& stats, TxnIndex type);

// 2.7.4.2: the Delivery business transactions executed in the measured
// interval and the districts they skipped (no undelivered new order). With
// deferred Delivery (2.7.2) the executions are counted, not the queueings
// the terminals saw; with --delivery sync they are the same. Skipping has
// to be reported when more than 1% of the Deliveries, or more than one,
// whichever is greater, skipped a district; the counts let a reader
// compute both percentages (of Deliveries and of districts).
struct SkippedDistricts {
  std::int64_t deliveries = 0;  // executed to completion
  std::int64_t deliveries_with_skips = 0;
  std::int64_t districts = 0;  // ten per Delivery
  std::int64_t districts_skipped = 0;
  double deliveries_percent() const;  // 0 when none
  double districts_percent() const;
  // More than max(1% of deliveries, one) skipped a district: to be reported.
  bool reportable() const;
};
// Throws std::logic_error when stats are not a TPC-C block.
SkippedDistricts skipped_districts(const RunStats& stats);

// 5.2.5: the most tpmC one warehouse (ten terminals with keying and think
// times) can produce.
inline constexpr double kMaxTpmcPerWarehouse = 12.86;

// Completed = committed + rolled back by the spec (2.4.2.3); errors are not
// completed transactions, nor are deferred Deliveries whose execution
// failed.
std::int64_t completed(const TxnStats& stats);
// The errors a terminal saw as its response (a deferred Delivery's failed
// execution is not one: its response was the queueing).
std::int64_t failed_responses(const TxnStats& stats);
std::int64_t completed_total(const RunStats& stats);
std::int64_t errors_total(const RunStats& stats);
std::int64_t late_total(const RunStats& stats);     // TxnStats::late over the types
std::int64_t skipped_total(const RunStats& stats);  // TxnStats::skipped over the types
std::int64_t retries_total(const RunStats& stats);
std::int64_t timeouts_total(const RunStats& stats);
std::int64_t unfinished_total(const RunStats& stats);
// The schedule lag of all the types in one.
LatencyHistogram schedule_lag_all(const RunStats& stats);
// The latencies of all the types in one histogram.
LatencyHistogram latency_all(const RunStats& stats);
// count per minute, and per second, of seconds (0 when seconds <= 0).
double per_minute(std::int64_t count, double seconds);
double per_second(std::int64_t count, double seconds);

// Clause 5.4: New-Orders completed per minute of the measured interval
// (never the warm-up). 5.4.2 with 2.4.2.3: the 1% rolled back for an unused
// item number are completed business transactions and are counted. 0 for
// stats that are not a TPC-C block (no New-Order to count).
double tpmc(const RunStats& stats, double measured_seconds);
// All completed transactions (committed + spec rollbacks) per minute.
double tpm_total(const RunStats& stats, double measured_seconds);
// The p-th percentile (0 < p <= 100) of `completed` with `failed` more
// samples counted as longer than any: false when the rank falls among the
// failed ones, else true with the value, in microseconds, in *micros.
bool percentile_with_failures(const LatencyHistogram& completed, std::int64_t failed, double p,
                              double* micros);
// 5.2.5.3: whether the 90th percentile response time is within the limit,
// the transactions that errored or timed out (failed_responses) counted as
// over it: a --statement-timeout below the limit cannot keep it passing.
bool p90_within(const TxnStats& stats, double limit_seconds);

// tpmC / (12.86 × W) × 100: a percent; above 100 means the run was not
// paced by keying and think times.
double efficiency(double tpmc, int warehouses);
// 5.2.5: the 12.86 ceiling assumes the keying and think times of the spec,
// unscaled; without them efficiency is no measure of anything.
bool efficiency_meaningful(const Config& config);

}  // namespace tpcc
