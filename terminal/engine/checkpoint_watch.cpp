#include "terminal/engine/checkpoint_watch.hpp"

#include <exception>
#include <stdexcept>
#include <utility>

#include "terminal/engine/checkpoint_views.hpp"

namespace tpcc {
namespace {

// A server that is up answers the query at once; one that is not gets the
// rest of kCheckpointReadWaitSeconds from the client, not more: cancelled
// by the client, not by a statement_timeout, which a transaction pooler
// would leave on a server connection a terminal gets next.
constexpr int kCancelAfterMillis = 2000;

const char* moment_text(bool start) {
  return start ? "at the start of the measured interval" : "at the end of the measured interval";
}

}  // namespace

CheckpointWatch::CheckpointWatch(std::string conninfo) : conninfo_(std::move(conninfo)) {
  thread_ = std::thread([this] { loop(); });
}

CheckpointWatch::~CheckpointWatch() {
  interrupt();
  if (thread_.joinable()) thread_.join();
}

void CheckpointWatch::interrupt() {
  interrupts_.stop_connecting();
  interrupts_.abandon_waits();
  std::lock_guard<std::mutex> lock(mutex_);
  closing_ = true;
  changed_.notify_all();
}

void CheckpointWatch::read_start() { ask(Moment::Start); }

void CheckpointWatch::read_end() { ask(Moment::End); }

void CheckpointWatch::ask(Moment moment) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (moment == Moment::End) end_asked_ = Clock::now();
  asked_.push_back(moment);
  changed_.notify_all();
}

CheckpointFigures CheckpointWatch::finish() {
  std::unique_lock<std::mutex> lock(mutex_);
  const bool end_asked = end_asked_ != Clock::time_point{};
  const Clock::time_point deadline = seconds_after(end_asked ? end_asked_ : Clock::now(),
                                                   end_asked ? kCheckpointReadWaitSeconds : 0.0);
  const bool done =
      changed_.wait_until(lock, deadline, [this] { return asked_.empty() && !reading_; });
  if (!done && figures_.problem.empty()) {
    figures_.problem = "the server did not answer within " +
                       std::to_string(static_cast<int>(kCheckpointReadWaitSeconds)) +
                       " s of the end of the measured interval";
  }
  CheckpointFigures figures = figures_;
  lock.unlock();
  interrupt();
  if (thread_.joinable()) thread_.join();
  return figures;
}

void CheckpointWatch::loop() {
  SessionOptions options;
  options.interrupts = &interrupts_;
  options.cancel_after_millis = kCancelAfterMillis;
  // A side connection, whatever --query-mode: no named statement, so that
  // it works through a transaction pooler too.
  options.query_mode = QueryMode::Extended;
  try {
    session_ = std::make_unique<Session>(conninfo_, options);
  } catch (const std::exception&) {
    // Tried again for the first reading, which reports it.
  }
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    changed_.wait(lock, [this] { return closing_ || !asked_.empty(); });
    if (closing_) return;
    const bool start = asked_.front() == Moment::Start;
    asked_.pop_front();
    reading_ = true;
    lock.unlock();
    std::optional<CheckpointCounters> counters;
    std::string problem;
    try {
      if (!session_) session_ = std::make_unique<Session>(conninfo_, options);
      counters = read_counters();
    } catch (const std::exception& e) {
      problem = std::string("cannot read the checkpoint counters ") + moment_text(start) + ": " +
                e.what();
    }
    lock.lock();
    reading_ = false;
    (start ? figures_.at_start : figures_.at_end) = counters;
    if (!problem.empty() && figures_.problem.empty()) figures_.problem = problem;
    changed_.notify_all();
  }
}

CheckpointCounters CheckpointWatch::read_counters() {
  for (int attempt = 0;; ++attempt) {
    try {
      if (!session_->connected()) session_->reconnect();
      // The view the counters are in (checkpoint_views.hpp) is the
      // server's version's, read once.
      if (server_version_num_ == 0) {
        session_->queue_command(kServerVersionNumSql);
        server_version_num_ = session_->flush().at(0).as_int(0, 0);
      }
      const CheckpointViews views = checkpoint_views(server_version_num_);
      session_->queue_command(views.counters_sql);
      const std::vector<QueryResult> results = session_->flush();
      if (results.empty() || results.front().rows() != 1) {
        throw std::runtime_error(std::string(views.view) + " returned no row");
      }
      const QueryResult& row = results.front();
      return {row.as_int64(0, 0), row.as_int64(0, 1), row.as_double(0, 2), views.view};
    } catch (const Abandoned&) {
      throw;
    } catch (const ConnectionLost&) {
      // The session was ended since the last reading (a terminated
      // backend): one new connection is worth a try.
      if (attempt > 0) throw;
    }
  }
}

}  // namespace tpcc
