// Several drivers of one run in the database tests: the arguments of `tpcc
// run` as driver "I/N" of a run id, measuring briefly, and two such drivers
// started as on two machines, the second a moment after the first (the
// start barrier gives them one measured interval all the same).
#pragma once

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"

namespace tpcc::test {

// How long after the first the second driver is started.
inline constexpr auto kSecondDriverDelay = std::chrono::milliseconds(1500);

struct DriverRun {
  std::string conn;
  std::string number;  // "1/2"
  std::string run_id;
  std::string result_dir;
  int terminals = 4;
  int barrier_timeout_seconds = 60;
  std::vector<std::string> extra;  // more run options
};

// tpcc run as that driver: 2 s of warm-up, 8 s measured, 4 s intervals.
inline std::vector<std::string> driver_run_args(const DriverRun& run) {
  std::vector<std::string> args = {"run",
                                   "--conn",
                                   run.conn,
                                   "--driver",
                                   run.number,
                                   "--run-id",
                                   run.run_id,
                                   "--barrier-timeout",
                                   std::to_string(run.barrier_timeout_seconds),
                                   "--terminals",
                                   std::to_string(run.terminals),
                                   "--warmup",
                                   "2",
                                   "--duration",
                                   "8",
                                   "--report-interval",
                                   "4",
                                   "--result-dir",
                                   run.result_dir};
  args.insert(args.end(), run.extra.begin(), run.extra.end());
  return args;
}

struct DriverPairOutcome {
  int first_status = -1;
  int second_status = -1;
  std::string first_log;
  std::string second_log;
};

// Both drivers run to their end (or `timeout_seconds`), their console
// output kept in `log_prefix`1.log and 2.log.
inline DriverPairOutcome run_driver_pair(const DriverRun& first, const DriverRun& second,
                                         const std::string& log_prefix,
                                         double timeout_seconds = 120) {
  const std::string log1 = scratch_dir(log_prefix + "1.log");
  const std::string log2 = scratch_dir(log_prefix + "2.log");
  TpccChild one(driver_run_args(first), log1);
  std::this_thread::sleep_for(kSecondDriverDelay);
  TpccChild two(driver_run_args(second), log2);
  DriverPairOutcome outcome;
  outcome.first_status = one.wait_for(timeout_seconds);
  outcome.second_status = two.wait_for(timeout_seconds);
  outcome.first_log = read_text(log1);
  outcome.second_log = read_text(log2);
  return outcome;
}

}  // namespace tpcc::test
