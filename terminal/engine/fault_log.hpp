// What goes wrong during a run, shared by the workers and the engine:
// outages (the server unreachable: no session could reconnect), failed
// reconnect attempts, the first and last error, and the first error that
// retrying cannot fix, which stops the run. Thread-safe; written only on
// errors, never on a transaction's normal path.
#pragma once

#include <functional>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "metrics/run.hpp"
#include "terminal/engine/clock.hpp"

namespace tpcc {

class FaultLog {
 public:
  // Error times are given in seconds from start.
  void set_start(Clock::time_point start);
  // Called once, on the thread that records the first fatal error.
  void set_on_fatal(std::function<void()> on_fatal);

  void error(Clock::time_point at, const std::string& sqlstate, const std::string& message);
  // An error retrying cannot fix: recorded, and the first one calls on_fatal.
  void fatal(Clock::time_point at, const std::string& sqlstate, const std::string& message);

  // A session opened at the start of the run, connected to `host`
  // (host:port): the first one names the server an outage starts from.
  void connected_to(const std::string& host);

  // A reconnect attempt of `connection` ("connection 2", "delivery worker
  // 1") failed at `now`: the server has been unreachable since `lost` (when
  // the session's connection broke), unless an outage is already open. The
  // outage ends when any session connects (reachable).
  void unreachable(Clock::time_point lost, Clock::time_point now, const std::string& connection);
  // `connection`, whose session broke at `lost`, connected again at `at`
  // to `host` (empty when unknown). Closes the open outage and returns it.
  // A session that reconnects at once, but to another server than the one
  // the sessions were on (a multi-host --conn after a failover quicker than
  // the first attempt), is an outage too: from `lost` to `at`.
  std::optional<Outage> reachable(Clock::time_point lost, Clock::time_point at,
                                  const std::string& connection, const std::string& host);

  // The connections that failed to reconnect since the last call, and those
  // still failing: the interval line's.
  std::vector<std::string> take_unreachable_connections();
  // The connections failing to reconnect now.
  std::vector<std::string> failing_connections() const;

  // Seconds of outage within (from, to]; an open outage counts up to `to`.
  double downtime_between(Clock::time_point from, Clock::time_point to) const;
  // Length of the open outage at `now`, 0 if none.
  double current_outage(Clock::time_point now) const;

  std::optional<ErrorNote> fatal_error() const;
  // Downtime up to `end`, reconnect failures, first and last error.
  RunHealth health(Clock::time_point end) const;

 private:
  ErrorNote note(Clock::time_point at, const std::string& sqlstate,
                 const std::string& message) const;

  mutable std::mutex mutex_;
  Clock::time_point start_{};
  std::function<void()> on_fatal_;
  struct Closed {
    Clock::time_point start;
    Clock::time_point end;
    std::string host_before;
    std::string host_after;
  };
  Outage outage_of(const Closed& closed) const;

  std::vector<Closed> outages_;  // closed ones
  std::optional<Clock::time_point> open_since_;
  std::string current_host_;      // where the sessions are connected
  std::string open_host_before_;  // the open outage's server before it
  std::int64_t reconnect_failures_ = 0;
  std::vector<std::string> failed_connections_;  // in the run, in order
  std::set<std::string> failing_now_;
  std::set<std::string> failed_in_line_;
  std::set<std::string> distinct_errors_;  // up to kMaxDistinctErrors
  std::optional<ErrorNote> first_error_;
  std::optional<ErrorNote> last_error_;
  std::optional<ErrorNote> fatal_;
};

}  // namespace tpcc
