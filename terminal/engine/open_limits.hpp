// The operating system limits a run meets at start-up: two files (the libpq
// connection's socket and the epoll set its thread waits in) and one thread
// per connection. Checked before any connection is
// opened, so that too many terminals fail at once with exit 2 and a message
// saying which limit and how to raise it, instead of "Resource temporarily
// unavailable" from somewhere in the start-up.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "config/config.hpp"

namespace tpcc {

// Files tpcc opens besides its connections (standard streams, result files,
// the event loop's descriptors, a connection to read the load, the
// checkpoint watch's connection), and threads besides one per connection
// (main, event loop, lag sampler, checkpoint watch).
inline constexpr int kOwnFiles = 16;
// A connection's socket and its session's epoll set (db/socket_watch.hpp).
inline constexpr int kFilesPerConnection = 2;
inline constexpr int kOwnThreads = 8;

// Connections a run opens: the primary's (resolved_connections), each
// standby's terminals, and the replication-lag sampler's (one to the primary
// and one per standby).
int run_connection_count(const Config& config);

// One limit as the check sees it. `soft` is what applies now; `hard` is the
// most the soft limit may be raised to (equal to soft for limits a process
// cannot raise, such as kernel.threads-max).
struct ResourceLimit {
  std::string name;  // "the soft limit of open files (RLIMIT_NOFILE)"
  std::string unit;  // what is counted: "open files", "threads"
  std::uint64_t needed = 0;
  std::uint64_t soft = 0;
  std::uint64_t hard = 0;
  std::string how;  // how to raise it, for the message
};

enum class LimitVerdict { Enough, RaiseSoft, TooLow };

// Enough when needed fits the soft limit; RaiseSoft when it fits the hard one.
LimitVerdict judge_limit(const ResourceLimit& limit);

// The message for a limit judged TooLow: names it, its value, what the run
// needs for `connections` connections, and how to raise it.
std::string limit_message(const ResourceLimit& limit, int connections);

// Checks open files (RLIMIT_NOFILE), threads per user (RLIMIT_NPROC, not for
// root), kernel.threads-max, kernel.pid_max and the cgroup's pids.max for a
// run of `connections` connections. A soft rlimit too low is raised to the
// hard one; a limit that stays too low throws UsageError (exit 2) listing
// every such limit.
void ensure_run_limits(int connections);

}  // namespace tpcc
