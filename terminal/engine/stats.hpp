// One worker's measurements: the measured interval's totals (read after the
// worker has finished) and the current report interval's (taken by the
// interval reporter under a short lock).
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "metrics/stats.hpp"
#include "terminal/engine/clock.hpp"
#include "terminal/engine/deck.hpp"
#include "terminal/engine/transaction.hpp"

namespace tpcc {

// Adds one finished transaction to stats: its outcome, retries, latency
// (committed and rolled back only) and its workload's tallies (completed
// ones only, as many as stats hold); late when committed or
// rolled back after more than late_after_micros (0: no limit).
void add_result(TxnStats& stats, const TxnResult& result, std::int64_t latency_micros,
                std::int64_t late_after_micros = 0);

class WorkerStats {
 public:
  // The workload's types (Workload::types().size()) and tallies
  // (Workload::tally_count, at most kMaxTallies): the slots of every
  // RunStats it keeps. Set before the first record; none until then.
  void set_types(std::size_t types, std::size_t tallies = 0);
  // The latency limit its transactions are late beyond (0: none).
  void set_latency_limit(std::int64_t micros) { late_after_micros_ = micros; }
  // statements: what the transaction ran (Session::take_statement_counts).
  void record(TxnIndex type, const TxnResult& result, std::int64_t latency_micros, Phase phase,
              const StatementCounts& statements = {});
  void record_reconnect(Phase phase);
  // A transaction of `type` not sent: already later than the limit.
  void record_skipped(TxnIndex type, Phase phase);
  // Under a rate limit: a transaction of `type` sent `micros` after it was due.
  void record_lag(TxnIndex type, std::int64_t micros, Phase phase);
  // 5.2.4.2: the end of the transaction of a card just drawn from `deck`
  // (the deck has not been drawn from since): tallied in the terminal's
  // `tally`; a deck whose every card was measured is added to the measured
  // stats' whole decks when its last card ends.
  void record_deck_card(DeckTally& tally, const Deck& deck, TxnIndex type, const TxnResult& result,
                        Phase phase);
  // A deferred Delivery's execution (2.7.2), in the phase it was queued
  // in: its retries, errors and skipped districts count under Delivery (its
  // response was counted when it was queued); completion_micros (queued to
  // completed) goes into delivery_completion, or, when it did not complete,
  // it counts in deliveries_not_completed; the tallies of one that
  // completed are added under Delivery; one that errored is no longer
  // a completed Delivery (TxnStats::executions_failed).
  void record_delivery_execution(const TxnResult& result, std::int64_t completion_micros,
                                 Phase phase, const StatementCounts& statements = {});

  // The interval's stats so far; the next interval starts empty.
  RunStats take_interval();

  // The measured interval's stats; only once the worker has stopped.
  const RunStats& measured();

 private:
  std::mutex mutex_;
  std::int64_t late_after_micros_ = 0;
  std::size_t types_ = 0;
  std::size_t tallies_ = 0;
  // A transaction record()ed in the measured phase goes into
  // measured_part_ alone, which take_interval() and measured() add to
  // both the interval and measured_: one latency histogram written per
  // transaction, not two (each is a cache miss at the client's rate).
  RunStats interval_;
  RunStats measured_part_;
  RunStats measured_;
};

// Interval lines and error messages from several threads, one line at a
// time. Error messages beyond the first few are counted, not shown, so a
// failing server does not flood the console.
class ConsoleLog {
 public:
  explicit ConsoleLog(std::ostream& out, int max_errors_shown = 10);
  // A log whose lines go through `parent` (so lines of both never mix),
  // each starting with `prefix`; it counts and limits its errors itself.
  ConsoleLog(ConsoleLog& parent, std::string prefix, int max_errors_shown = 10);
  void line(const std::string& text);
  void error(const std::string& text);
  std::int64_t errors_logged() const;

 private:
  void write(const std::string& text);

  mutable std::mutex mutex_;
  std::ostream& out_;
  ConsoleLog* parent_ = nullptr;
  std::string prefix_;
  int max_errors_shown_;
  std::int64_t errors_ = 0;
};

}  // namespace tpcc
