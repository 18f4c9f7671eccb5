// What the tests of runs under faults share: the run they start and a
// pause while it goes.
#pragma once

#include <chrono>
#include <string>
#include <thread>
#include <vector>

namespace tpcc::test {

// Two terminals and Delivery in their transactions (--delivery sync), so
// that exactly two transactions are in flight when the server freezes, and
// an interval line a second; `more` after.
inline std::vector<std::string> fault_run_args(const std::string& conninfo, const std::string& dir,
                                               std::vector<std::string> more) {
  std::vector<std::string> args = {"run", "--conn",       conninfo, "--terminals",
                                   "2",   "--delivery",   "sync",   "--report-interval",
                                   "1",   "--result-dir", dir};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

inline void sleep_seconds(double seconds) {
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
}

}  // namespace tpcc::test
