// Errors that carry their exit code (README "Exit status"). Thrown by any
// layer, turned into a message and an exit status in main() only.
#pragma once

#include <stdexcept>
#include <string>

namespace tpcc {

// Bad usage or configuration: the message names the flag or props key
// (and file:line for props). Exit status 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Cannot connect, or the server refused work before it started. Exit status 3.
// The message names the target with any password masked.
struct ConnectError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// SIGINT, SIGTERM or SIGHUP before the run began (at the start barrier of
// --driver): nothing was measured. Exit status 130.
struct Interrupted : std::runtime_error {
  using std::runtime_error::runtime_error;
};

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;
inline constexpr int kExitUsage = 2;
inline constexpr int kExitConnect = 3;
inline constexpr int kExitInterrupted = 130;

}  // namespace tpcc
