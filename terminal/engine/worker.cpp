#include "terminal/engine/worker.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <utility>

#include "config/errors.hpp"
#include "db/error_classes.hpp"
#include "db/session.hpp"
#include "terminal/engine/ramp.hpp"
#include "terminal/engine/workload.hpp"

namespace tpcc {
namespace {

constexpr double kFirstBackoffSeconds = 0.1;
constexpr double kMaxBackoffSeconds = 5.0;

// "1.3 s, an outage from 10.2 s to 11.5 s".
std::string format_outage(const Outage& outage) {
  const auto tenths = [](double seconds) {
    const long t = std::lround(seconds * 10);
    return std::to_string(t / 10) + "." + std::to_string(t % 10);
  };
  return tenths(outage.seconds()) + " s, an outage from " + tenths(outage.start_seconds) +
         " s to " + tenths(outage.end_seconds) + " s";
}

std::int64_t micros_between(Clock::time_point from, Clock::time_point to) {
  return std::chrono::duration_cast<std::chrono::microseconds>(to - from).count();
}

// The session settings of --statement-timeout and --lock-timeout.
SessionOptions session_options(const WorkerEnv& env) {
  SessionOptions options;
  options.interrupts = env.interrupts;
  options.query_mode = env.config->query_mode;
  if (env.config->statement_timeout_ms > 0) {
    options.settings.emplace_back("statement_timeout",
                                  std::to_string(env.config->statement_timeout_ms));
  }
  if (env.config->lock_timeout_ms > 0) {
    options.settings.emplace_back("lock_timeout", std::to_string(env.config->lock_timeout_ms));
  }
  return options;
}

}  // namespace

VirtualTerminal::VirtualTerminal(int terminal_index, std::any workload_binding,
                                 const MixWeights& mix, const Random& random)
    : index(terminal_index), binding(std::move(workload_binding)), deck(mix), rng(random) {}

Worker::Worker(int worker_id, const WorkerEnv* env, std::string name)
    : id_(worker_id), env_(env), name_(std::move(name)) {
  stats_.set_latency_limit(env_->latency_limit_micros);
  stats_.set_types(env_->workload->types().size(), env_->workload->tally_count());
}

Worker::~Worker() = default;

void Worker::connect(const std::string& conninfo) {
  session_ = std::make_unique<Session>(conninfo, session_options(*env_));
  env_->workload->prepare(*session_);
  if (env_->faults != nullptr) env_->faults->connected_to(session_->server_address());
}

std::optional<Clock::time_point> Worker::in_flight_since() const {
  const Clock::rep since = in_flight_since_.load(std::memory_order_relaxed);
  if (since == 0) return std::nullopt;
  return Clock::time_point(Clock::duration(since));
}

template <typename Body>
TxnResult Worker::guarded(Body body, bool* lost) {
  int conflicts = 0;
  for (;;) {
    try {
      TxnResult result = body();
      result.retries += conflicts;
      return result;
    } catch (const Abandoned&) {
      *lost = true;
      TxnResult result;
      result.outcome = Outcome::Unfinished;
      return result;
    } catch (const ConnectionLost& e) {
      // A hot standby ends a session whose snapshot conflicts with the
      // replay (FATAL 40001): a recovery conflict like the statement-level
      // ones, retried on a new session rather than counted as an error.
      if (e.sqlstate == kSerializationFailure && conflicts < kMaxRetries && reconnect_once()) {
        ++conflicts;
        continue;
      }
      *lost = true;
      TxnResult result;
      result.outcome = Outcome::Error;
      result.error = std::string("connection lost: ") + e.what();
      result.sqlstate = e.sqlstate;
      return result;
    } catch (const std::exception& e) {
      // Anything else the transaction lets through fails it only; the
      // terminal goes on.
      TxnResult result;
      result.outcome = Outcome::Error;
      result.error = e.what();
      return result;
    }
  }
}

Completion Worker::execute(VirtualTerminal& terminal, TxnIndex type, Clock::time_point due) {
  // The schedule lag (pgbench's under a rate limit): only a paced run has
  // due times to lag behind; an unpaced one's are when it sends, and it
  // reads no clock for them.
  if (env_->paced || env_->skip_late) {
    const Clock::time_point start = Clock::now();
    const std::int64_t behind = micros_between(due, start);
    if (env_->skip_late && behind > env_->latency_limit_micros) {
      const Completion skipped{start, env_->phases->phase_at(due)};
      stats_.record_skipped(type, skipped.phase);
      return skipped;
    }
    if (env_->paced) {
      stats_.record_lag(type, std::max<std::int64_t>(behind, 0), env_->phases->phase_at(due));
    }
  }
  in_flight_since_.store(due.time_since_epoch().count(), std::memory_order_relaxed);
  bool lost = false;
  std::optional<TxnResult> handed_off;
  if (env_->background != nullptr) handed_off = env_->background->hand_off(type, terminal);
  const TxnResult result =
      handed_off
          ? std::move(*handed_off)
          : guarded([&] { return env_->workload->execute(type, *session_, terminal); }, &lost);
  Completion done{Clock::now(), Phase::Measured};
  in_flight_since_.store(0, std::memory_order_relaxed);
  if (result.ends_terminal) {
    abort_terminal(terminal, type, result.error);
    done.phase = env_->phases->phase_at(done.at);
    if (lost || !session_->connected()) reconnect(done.at);
    return done;
  }
  // An unfinished transaction ends after the run did; it counts in the
  // phase it was due in.
  done.phase = env_->phases->phase_at(result.outcome == Outcome::Unfinished ? due : done.at);
  const std::int64_t latency = micros_between(due, done.at);
  stats_.record(type, result, latency, done.phase, session_->take_statement_counts());
  if (done.phase == Phase::Measured &&
      (result.outcome == Outcome::Committed || result.outcome == Outcome::RolledBack)) {
    ++terminal.measured_events;
    terminal.measured_busy_micros += std::max<std::int64_t>(latency, 0);
  }
  if (env_->workload->deals_decks()) {
    stats_.record_deck_card(terminal.deck_tally, terminal.deck, type, result, done.phase);
  }
  // The ledger keeps every acknowledged commit, warm-up and after the end
  // included: each one must survive a failover.
  if (result.commit.present && env_->config->failover) {
    acknowledged_.push_back({result.commit, done.phase == Phase::Measured});
  }
  if (result.outcome == Outcome::Error && done.phase != Phase::After) {
    log_error(terminal, type, result.error);
    note_error(result.sqlstate, result.error, retrying_cannot_fix(result.sqlstate));
  }
  if (lost || !session_->connected()) reconnect(done.at);
  return done;
}

void Worker::run_background(BackgroundWork& work, std::uint64_t seed) {
  Random rng(seed);
  while (std::optional<BackgroundJob> job = work.next()) {
    in_flight_since_.store(job->queued.time_since_epoch().count(), std::memory_order_relaxed);
    bool lost = false;
    const TxnResult result = guarded([&] { return job->run(*session_, rng); }, &lost);
    const Clock::time_point done = Clock::now();
    in_flight_since_.store(0, std::memory_order_relaxed);
    const Phase phase = env_->phases->phase_at(job->queued);
    stats_.record_delivery_execution(result, micros_between(job->queued, done), phase,
                                     session_->take_statement_counts());
    if (job->ended) job->ended(result);
    if (result.outcome == Outcome::Error && phase != Phase::After && env_->log != nullptr) {
      env_->log->error(job->what + ": " + result.error);
      note_error(result.sqlstate, result.error, retrying_cannot_fix(result.sqlstate));
    }
    if (lost || !session_->connected()) reconnect(done);
  }
}

void Worker::run_terminal(VirtualTerminal& terminal) {
  const long limit = env_->config->txns_per_terminal;
  // --ramp: the terminal starts at its place in the ramp, after the
  // group's own start.
  const Clock::time_point start = seconds_after(
      env_->phases->start(),
      env_->start_seconds + terminal_start_seconds(terminal.index, env_->config->terminals,
                                                   env_->config->ramp_seconds));
  const double wait = seconds_between(Clock::now(), start);
  if (wait > 0 && env_->stop->wait_for(wait)) return;
  const double start_seconds = seconds_between(env_->phases->start(), start);
  while (!env_->stop->requested()) {
    const TxnIndex type = env_->workload->next(terminal);
    // Unpaced: each transaction is due the moment the previous one ends.
    Clock::time_point due = Clock::now();
    if (env_->next_arrival) {
      // A schedule shared with terminals that started before it in the
      // ramp may have arrivals from before its start; it takes none of those.
      due = seconds_after(env_->phases->start(),
                          std::max(start_seconds, env_->next_arrival(terminal.index)));
      const double until_due = seconds_between(Clock::now(), due);
      if (until_due > 0 && env_->stop->wait_for(until_due)) break;
    }
    const Completion done = execute(terminal, type, due);
    if (terminal.aborted || done.phase == Phase::After) break;
    if (limit > 0 && done.phase == Phase::Measured && ++terminal.measured_done >= limit) {
      terminal.finished = true;
      break;
    }
  }
}

bool Worker::reconnect_once() {
  // On a hot standby the statements prepared on the new session can meet a
  // recovery conflict of their own; that is worth an immediate new try.
  for (int attempt = 0; attempt <= kMaxRetries; ++attempt) {
    try {
      session_->reconnect();
      stats_.record_reconnect(env_->phases->phase_at(Clock::now()));
      return true;
    } catch (const SqlError& e) {
      if (e.sqlstate != kSerializationFailure) return false;
    } catch (const std::exception&) {
      return false;  // reconnect() tries again with backoff
    }
  }
  return false;
}

bool Worker::reconnect(Clock::time_point lost) {
  double backoff = kFirstBackoffSeconds;
  bool failed_before = false;
  while (!env_->stop->requested()) {
    try {
      session_->reconnect();
      stats_.record_reconnect(env_->phases->phase_at(Clock::now()));
      const std::string host = session_->server_address();
      std::optional<Outage> outage;
      if (env_->faults != nullptr)
        outage = env_->faults->reachable(lost, Clock::now(), name_, host);
      if (env_->log != nullptr && outage && outage->host_before != outage->host_after) {
        // The session that ended the outage says where the sessions went.
        env_->log->line(name_ + ": reconnected to " + outage->host_after + " (was " +
                        outage->host_before + ") after " + format_outage(*outage));
      } else if (failed_before && env_->log != nullptr) {
        env_->log->line(name_ + ": reconnected");
      }
      return true;
    } catch (const std::exception& e) {
      if (env_->stop->requested()) break;  // the attempt was given up for the stop
      const SqlError* sql = dynamic_cast<const SqlError*>(&e);
      const std::string sqlstate = sql != nullptr ? sql->sqlstate : std::string();
      // A database dropped, a role without rights: no retry will connect.
      const bool permanent =
          sql != nullptr ? retrying_cannot_fix(sqlstate) : connect_refusal_is_permanent(e.what());
      if (env_->faults != nullptr && !permanent) {
        env_->faults->unreachable(lost, Clock::now(), name_);
      }
      // One message per outage; the attempts go on quietly.
      if (!failed_before && env_->log != nullptr) {
        env_->log->error(name_ +
                         (permanent ? ": reconnect refused: "
                                    : ": reconnect failed, retrying with backoff up to 5 s: ") +
                         e.what());
      }
      // Every attempt: the last error is the latest refusal, which may
      // differ from the first (refused, then starting up, then too many
      // clients).
      note_error(sqlstate, e.what(), permanent);
      if (permanent) return false;
      failed_before = true;
    }
    if (env_->stop->wait_for(backoff)) break;
    backoff = std::min(backoff * 2, kMaxBackoffSeconds);
  }
  return false;
}

void Worker::note_error(const std::string& sqlstate, const std::string& message, bool fatal) {
  if (env_->faults == nullptr) return;
  if (fatal) {
    env_->faults->fatal(Clock::now(), sqlstate, message);
  } else {
    env_->faults->error(Clock::now(), sqlstate, message);
  }
}

void Worker::abort_terminal(VirtualTerminal& terminal, TxnIndex type, const std::string& why) {
  terminal.aborted = true;
  terminal.finished = true;
  if (env_->terminal_aborted != nullptr) {
    (*env_->terminal_aborted)(why);
  } else {
    log_error(terminal, type, why);
  }
}

void Worker::log_error(const VirtualTerminal& terminal, TxnIndex type, const std::string& message) {
  if (env_->log == nullptr) return;
  env_->log->error(env_->workload->types()[static_cast<std::size_t>(type)].title + " on terminal " +
                   std::to_string(terminal.index + 1) + ": " + message);
}

}  // namespace tpcc
