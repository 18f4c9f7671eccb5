// The end of a run: SIGINT, SIGTERM and SIGHUP, the downtime watchdog
// (--max-downtime), the stop, the grace of the transactions in flight
// (--stop-grace).
#include <csignal>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "terminal/engine/engine_run.hpp"

namespace tpcc {
namespace {

// How often the watchdog compares each server's outage with --max-downtime.
constexpr auto kWatchdogPeriod = std::chrono::milliseconds(500);

const char* signal_name(int signal_number) {
  switch (signal_number) {
    case SIGINT: return "SIGINT";
    case SIGTERM: return "SIGTERM";
    case SIGHUP: return "SIGHUP";
    default: return "a signal";
  }
}

}  // namespace

// The first SIGINT, SIGTERM or SIGHUP stops the run at once, whatever the
// workers are doing (transactions in flight are abandoned); a second one
// ends the process without waiting for anything.
void Engine::wait_for_signal() {
  signals_.async_wait([this](const boost::system::error_code& ec, int signal_number) {
    if (ec) return;
    const std::string name = signal_name(signal_number);
    if (signalled_) {
      log_.line("received " + name + " again: exiting now, without results");
      std::_Exit(kExitInterrupted);
    }
    signalled_ = true;
    log_.line("received " + name +
              ": stopping, the results so far will be written (send it again to exit at once)");
    if (stopping_) {
      abandon_in_flight();  // no more grace
    } else {
      stop(StopReason::Interrupted, name);
    }
    wait_for_signal();
  });
}

void Engine::schedule_watchdog() {
  watchdog_timer_.expires_after(kWatchdogPeriod);
  watchdog_timer_.async_wait([this](const boost::system::error_code& ec) {
    if (ec || stopping_) return;
    const Clock::time_point now = Clock::now();
    for (const auto& group : groups_) {
      const double outage = group->faults.current_outage(now);
      if (outage <= config_.max_downtime_seconds) continue;
      std::ostringstream detail;
      // Only background workers (TPC-C's delivery workers) failing: the
      // terminals are served, and the line says which connections could
      // not reconnect.
      const std::vector<std::string> failing = group->faults.failing_connections();
      bool background_only = !failing.empty();
      for (const std::string& name : failing) {
        background_only = background_only && group->is_background_worker(name);
      }
      if (background_only) {
        for (std::size_t k = 0; k < failing.size(); ++k) detail << (k ? ", " : "") << failing[k];
        detail << " of " << group_name(*group) << " could not reconnect for "
               << static_cast<int>(outage) << " s, more than --max-downtime "
               << config_.max_downtime_seconds << " s";
      } else {
        detail << group_name(*group) << " unreachable for " << static_cast<int>(outage)
               << " s, more than --max-downtime " << config_.max_downtime_seconds << " s";
      }
      stop_group_ = group->number;
      log_.line("stopping: " + detail.str());
      stop(StopReason::Downtime, detail.str());
      return;
    }
    schedule_watchdog();
  });
}

void Engine::stop(StopReason reason, const std::string& detail) {
  if (stopping_) return;
  stopping_ = true;
  stop_reason_ = reason;
  stop_detail_ = detail;
  if (reason != StopReason::Completed || !phases_->has_planned_end()) phases_->end_at(Clock::now());
  if (measuring_) checkpoints_->read_end();
  stop_.request();
  interrupts_.stop_connecting();
  for (auto& group : groups_) group->close_queues();
  for (auto& timers : terminal_timers_) {
    for (asio::steady_timer& timer : timers) timer.cancel();
  }
  report_timer_.cancel();
  watchdog_timer_.cancel();
  if (workers_exited_ == connections_) {
    finish_io();
    return;
  }
  if (reason != StopReason::Completed || config_.stop_grace_seconds <= 0) {
    abandon_in_flight();
    return;
  }
  grace_timer_.expires_after(std::chrono::duration_cast<Clock::duration>(
      std::chrono::duration<double>(config_.stop_grace_seconds)));
  grace_timer_.async_wait([this](const boost::system::error_code& ec) {
    if (!ec) abandon_in_flight();
  });
}

// 5.2.5.3 response times have no end for a transaction that never gets an
// answer: past the grace, the ones in flight are cancelled and counted as
// unfinished (Worker::execute), with their time so far.
void Engine::abandon_in_flight() {
  int in_flight = 0;
  for (const auto& group : groups_) {
    for (const auto& worker : group->workers) in_flight += worker->in_flight_since() ? 1 : 0;
  }
  if (in_flight > 0 && stop_reason_ == StopReason::Completed) {
    std::ostringstream line;
    line << in_flight << " transaction(s) still in flight " << config_.stop_grace_seconds
         << " s after the end (--stop-grace): cancelling them";
    log_.line(line.str());
  }
  interrupts_.abandon_waits();
}

void Engine::on_worker_exit() {
  if (++workers_exited_ == connections_ && stopping_) finish_io();
}

// Every worker is done: nothing is left for the io thread.
void Engine::finish_io() {
  grace_timer_.cancel();
  watchdog_timer_.cancel();
  boost::system::error_code ignored;
  signals_.cancel(ignored);
  guard_.reset();
}

}  // namespace tpcc
