#include "terminal/engine/stats.hpp"

#include <ostream>
#include <stdexcept>
#include <string>
#include <utility>

#include "db/error_classes.hpp"

namespace tpcc {

namespace {

// stats.txn[type], never past the slots: a type the statistics were not
// sized for is a logic error, not a write out of bounds.
TxnStats& slot(RunStats& stats, std::size_t type) {
  if (type >= stats.txn.size()) {
    throw std::logic_error("a transaction of type " + std::to_string(type) +
                           " counted in statistics of " + std::to_string(stats.txn.size()) +
                           " types");
  }
  return stats.txn[type];
}

// The workload's tallies, as many as stats were sized for.
void add_tallies(TxnStats& stats, const TxnTallies& tallies) {
  const std::size_t count = stats.tallies.size();
  for (std::size_t i = 0; i < count; ++i) stats.tallies[i] += tallies[i];
}

}  // namespace

void add_result(TxnStats& stats, const TxnResult& result, std::int64_t latency_micros,
                std::int64_t late_after_micros) {
  stats.retries += result.retries;
  switch (result.outcome) {
    case Outcome::Committed: ++stats.committed; break;
    case Outcome::RolledBack: ++stats.rolled_back; break;
    case Outcome::Error:
      ++stats.errors;
      if (is_timeout(result.sqlstate)) ++stats.timeouts;
      return;  // no response was displayed: no latency, no audit
    case Outcome::Unfinished:
      // Never answered: its time so far is a response time at least this
      // long, so a hung server shows in the percentiles.
      ++stats.unfinished;
      stats.latency.record(latency_micros);
      return;
  }
  stats.latency.record(latency_micros);
  if (late_after_micros > 0 && latency_micros > late_after_micros) ++stats.late;
  add_tallies(stats, result.tallies);
}

void WorkerStats::set_types(std::size_t types, std::size_t tallies) {
  if (tallies > kMaxTallies) {
    throw std::logic_error("a workload of " + std::to_string(tallies) + " tallies, more than " +
                           std::to_string(kMaxTallies));
  }
  std::lock_guard<std::mutex> lock(mutex_);
  types_ = types;
  tallies_ = tallies;
  interval_ = RunStats(types, tallies);
  measured_part_ = RunStats(types, tallies);
  measured_ = RunStats(types, tallies);
}

void WorkerStats::record(TxnIndex type, const TxnResult& result, std::int64_t latency_micros,
                         Phase phase, const StatementCounts& statements) {
  if (phase == Phase::After) return;
  const auto index = static_cast<std::size_t>(type);
  std::lock_guard<std::mutex> lock(mutex_);
  RunStats& into = phase == Phase::Measured ? measured_part_ : interval_;
  add_result(slot(into, index), result, latency_micros, late_after_micros_);
  into.statements.merge(statements);
}

void WorkerStats::record_skipped(TxnIndex type, Phase phase) {
  if (phase == Phase::After) return;
  const auto index = static_cast<std::size_t>(type);
  std::lock_guard<std::mutex> lock(mutex_);
  ++slot(interval_, index).skipped;
  if (phase == Phase::Measured) ++slot(measured_, index).skipped;
}

void WorkerStats::record_lag(TxnIndex type, std::int64_t micros, Phase phase) {
  if (phase == Phase::After) return;
  const auto index = static_cast<std::size_t>(type);
  std::lock_guard<std::mutex> lock(mutex_);
  slot(interval_, index).schedule_lag.record(micros);
  if (phase == Phase::Measured) slot(measured_, index).schedule_lag.record(micros);
}

namespace {

void add_delivery_execution(RunStats& stats, const TxnResult& result,
                            std::int64_t completion_micros) {
  TxnStats& delivery = slot(stats, kDelivery);
  delivery.retries += result.retries;
  switch (result.outcome) {
    case Outcome::Committed:
    case Outcome::RolledBack:
      stats.delivery_completion.record(completion_micros);
      add_tallies(delivery, result.tallies);
      return;
    case Outcome::Error:
      ++delivery.errors;
      if (is_timeout(result.sqlstate)) ++delivery.timeouts;
      // Its queueing counted as a committed Delivery; it did not complete.
      ++delivery.executions_failed;
      ++stats.deliveries_not_completed;
      return;
    case Outcome::Unfinished: ++stats.deliveries_not_completed; return;
  }
}

}  // namespace

void WorkerStats::record_delivery_execution(const TxnResult& result, std::int64_t completion_micros,
                                            Phase phase, const StatementCounts& statements) {
  if (phase == Phase::After) return;
  std::lock_guard<std::mutex> lock(mutex_);
  add_delivery_execution(interval_, result, completion_micros);
  interval_.statements.merge(statements);
  if (phase == Phase::Measured) {
    add_delivery_execution(measured_, result, completion_micros);
    measured_.statements.merge(statements);
  }
}

void WorkerStats::record_deck_card(DeckTally& tally, const Deck& deck, TxnIndex type,
                                   const TxnResult& result, Phase phase) {
  if (deck.size() == 0) return;
  const bool first = deck.remaining() + 1 == deck.size();
  const bool last = deck.remaining() == 0;
  if (first) tally = DeckTally{};
  const bool done = result.outcome == Outcome::Committed || result.outcome == Outcome::RolledBack;
  bool touched = false;
  if (phase == Phase::Measured) {
    touched = !tally.any_measured;
    tally.any_measured = true;
    if (done) ++tally.completed[static_cast<std::size_t>(type)];
  } else {
    tally.all_measured = false;
  }
  const bool whole = last && tally.all_measured && tally.any_measured;
  if (!touched && !whole) return;
  std::lock_guard<std::mutex> lock(mutex_);
  if (touched) ++measured_.decks_touched;
  if (!whole) return;
  ++measured_.whole_decks;
  for (std::size_t i = 0; i < tally.completed.size(); ++i) {
    measured_.whole_deck_completed.at(i) += tally.completed[i];
  }
}

void WorkerStats::record_reconnect(Phase phase) {
  if (phase == Phase::After) return;
  std::lock_guard<std::mutex> lock(mutex_);
  ++interval_.reconnects;
  if (phase == Phase::Measured) ++measured_.reconnects;
}

RunStats WorkerStats::take_interval() {
  std::size_t types = 0;
  std::size_t tallies = 0;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    types = types_;
    tallies = tallies_;
  }
  RunStats fresh(types, tallies);  // allocated outside the lock
  RunStats fresh_part(types, tallies);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    std::swap(interval_, fresh);
    std::swap(measured_part_, fresh_part);
    measured_.merge(fresh_part);
  }
  fresh.merge(fresh_part);
  return fresh;
}

const RunStats& WorkerStats::measured() {
  std::lock_guard<std::mutex> lock(mutex_);
  // What take_interval() has not added yet goes into both, as it would.
  measured_.merge(measured_part_);
  interval_.merge(measured_part_);
  measured_part_ = RunStats(types_, tallies_);
  return measured_;
}

ConsoleLog::ConsoleLog(std::ostream& out, int max_errors_shown)
    : out_(out), max_errors_shown_(max_errors_shown) {}

ConsoleLog::ConsoleLog(ConsoleLog& parent, std::string prefix, int max_errors_shown)
    : out_(parent.out_),
      parent_(&parent),
      prefix_(std::move(prefix)),
      max_errors_shown_(max_errors_shown) {}

void ConsoleLog::write(const std::string& text) {
  if (parent_ != nullptr) {
    parent_->write(text);
    return;
  }
  std::lock_guard<std::mutex> lock(mutex_);
  out_ << text << std::endl;
}

void ConsoleLog::line(const std::string& text) { write(prefix_ + text); }

void ConsoleLog::error(const std::string& text) {
  bool show = false;
  bool last_shown = false;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    ++errors_;
    show = errors_ <= max_errors_shown_;
    last_shown = errors_ == max_errors_shown_;
  }
  if (!show) return;
  write("error: " + prefix_ + text);
  if (last_shown) {
    write(prefix_ + "(further errors are counted in the results but not shown)");
  }
}

std::int64_t ConsoleLog::errors_logged() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return errors_;
}

}  // namespace tpcc
