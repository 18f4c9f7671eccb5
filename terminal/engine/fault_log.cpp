#include "terminal/engine/fault_log.hpp"

#include <algorithm>

namespace tpcc {
namespace {

// Seconds of [a, b] that fall within (from, to].
double overlap(Clock::time_point a, Clock::time_point b, Clock::time_point from,
               Clock::time_point to) {
  const Clock::time_point lo = std::max(a, from);
  const Clock::time_point hi = std::min(b, to);
  return hi > lo ? seconds_between(lo, hi) : 0.0;
}

}  // namespace

void FaultLog::set_start(Clock::time_point start) {
  std::lock_guard<std::mutex> lock(mutex_);
  start_ = start;
}

void FaultLog::set_on_fatal(std::function<void()> on_fatal) {
  std::lock_guard<std::mutex> lock(mutex_);
  on_fatal_ = std::move(on_fatal);
}

ErrorNote FaultLog::note(Clock::time_point at, const std::string& sqlstate,
                         const std::string& message) const {
  return ErrorNote{std::max(0.0, seconds_between(start_, at)), sqlstate, message};
}

void FaultLog::error(Clock::time_point at, const std::string& sqlstate,
                     const std::string& message) {
  std::lock_guard<std::mutex> lock(mutex_);
  last_error_ = note(at, sqlstate, message);
  if (!first_error_) first_error_ = last_error_;
  if (static_cast<std::int64_t>(distinct_errors_.size()) < kMaxDistinctErrors) {
    distinct_errors_.insert(sqlstate + " " + message);
  }
}

void FaultLog::fatal(Clock::time_point at, const std::string& sqlstate,
                     const std::string& message) {
  error(at, sqlstate, message);
  std::function<void()> call;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (fatal_) return;
    fatal_ = note(at, sqlstate, message);
    call = on_fatal_;
  }
  if (call) call();
}

void FaultLog::connected_to(const std::string& host) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (current_host_.empty()) current_host_ = host;
}

void FaultLog::unreachable(Clock::time_point lost, Clock::time_point now,
                           const std::string& connection) {
  std::lock_guard<std::mutex> lock(mutex_);
  ++reconnect_failures_;
  if (!open_since_) {
    open_since_ = std::min(lost, now);
    open_host_before_ = current_host_;
  }
  if (failing_now_.insert(connection).second &&
      std::find(failed_connections_.begin(), failed_connections_.end(), connection) ==
          failed_connections_.end()) {
    failed_connections_.push_back(connection);
  }
  failed_in_line_.insert(connection);
}

Outage FaultLog::outage_of(const Closed& closed) const {
  return Outage{std::max(0.0, seconds_between(start_, closed.start)),
                std::max(0.0, seconds_between(start_, closed.end)), closed.host_before,
                closed.host_after};
}

std::optional<Outage> FaultLog::reachable(Clock::time_point lost, Clock::time_point at,
                                          const std::string& connection, const std::string& host) {
  std::lock_guard<std::mutex> lock(mutex_);
  failing_now_.erase(connection);
  if (!open_since_) {
    const bool moved = !host.empty() && !current_host_.empty() && host != current_host_;
    if (current_host_.empty()) current_host_ = host;
    if (!moved) return std::nullopt;
    open_since_ = std::min(lost, at);
    open_host_before_ = current_host_;
  }
  outages_.push_back(Closed{*open_since_, std::max(at, *open_since_), open_host_before_,
                            host.empty() ? open_host_before_ : host});
  if (!host.empty()) current_host_ = host;
  open_since_.reset();
  return outage_of(outages_.back());
}

double FaultLog::downtime_between(Clock::time_point from, Clock::time_point to) const {
  std::lock_guard<std::mutex> lock(mutex_);
  double seconds = 0;
  for (const Closed& closed : outages_) seconds += overlap(closed.start, closed.end, from, to);
  if (open_since_) seconds += overlap(*open_since_, to, from, to);
  return seconds;
}

double FaultLog::current_outage(Clock::time_point now) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return open_since_ && now > *open_since_ ? seconds_between(*open_since_, now) : 0.0;
}

std::vector<std::string> FaultLog::take_unreachable_connections() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::string> names(failed_in_line_.begin(), failed_in_line_.end());
  failed_in_line_ = failing_now_;
  return names;
}

std::vector<std::string> FaultLog::failing_connections() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return {failing_now_.begin(), failing_now_.end()};
}

std::optional<ErrorNote> FaultLog::fatal_error() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return fatal_;
}

RunHealth FaultLog::health(Clock::time_point end) const {
  RunHealth health;
  health.downtime_seconds = downtime_between(Clock::time_point::min(), end);
  std::lock_guard<std::mutex> lock(mutex_);
  health.reconnect_failures = reconnect_failures_;
  health.unreachable_connections = failed_connections_;
  if (open_since_ && *open_since_ <= end) {
    health.unreachable_since = std::max(0.0, seconds_between(start_, *open_since_));
  }
  health.distinct_errors = static_cast<std::int64_t>(distinct_errors_.size());
  for (const Closed& closed : outages_) {
    if (closed.start <= end) health.outages.push_back(outage_of(closed));
  }
  health.first_error = first_error_;
  health.last_error = last_error_;
  return health;
}

}  // namespace tpcc
