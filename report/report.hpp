// Console lines, the final summary, and the result files of a run
// (result.json, intervals.csv, config.json). See DESIGN.md "result.json".
#pragma once

#include <array>
#include <ctime>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "report/lag.hpp"
#include "report/stats.hpp"

namespace tpcc {

// One line of interval output: stats of the transactions completed in
// (end - length, end], elapsed counted from the start of the run.
struct IntervalSample {
  double end_seconds = 0;
  double length_seconds = 0;
  bool warmup = false;
  RunStats stats;
  // Combined runs, the primary's lines: the latest lag reading of each
  // standby at the end of the interval.
  std::vector<LagReading> lag;
};

// One standby of a combined primary + standby run (DESIGN.md "standby" in
// result.json): its read-only terminals' figures over the same measured
// interval as the primary's, and the replication lag.
struct StandbyRun {
  std::string target;  // host and port, password-free
  int terminals = 0;
  std::array<double, kTxnTypes> mix = {0, 0, 50, 0, 50};
  RunStats stats;
  std::vector<IntervalSample> intervals;  // the same boundaries as the primary's
  LagFigures lag;
};

struct RunInfo {
  int warehouses = 0;
  int terminals = 0;
  double measured_seconds = 0;  // excludes warm-up
  double warmup_seconds = 0;
  std::string started_at;       // ISO 8601 local time
  bool interrupted = false;     // stopped by SIGINT/SIGTERM
  std::time_t start_time = 0;   // names results/<YYYYmmdd-HHMMSS>/; 0: now
  std::vector<StandbyRun> standbys;  // in --standby-conn order
  // Every transaction attempted, warm-up included: the denominator of
  // client CPU per transaction (bench/run.sh).
  std::int64_t transactions_all_phases = 0;
};

// "[ 10s ] tpmC: 1234 tpmTOTAL: 2740 p90: 12.3ms p99: 40.1ms err/s: 0 retries: 0",
// rates over the interval's length, percentiles over all five transactions;
// warm-up lines end in "(warm-up)".
std::string format_interval_line(const IntervalSample& sample);

// A standby's interval line, under the primary's: "[ 10s ] standby 1:
// tpmTOTAL: 1800 p90: 3.10ms p99: 5.00ms err/s: 0 retries: 0 lag: replay
// 2.10ms, 16.0 kB behind, last replay 15.0ms ago". number counts from 1;
// lag is the standby's reading (nullptr: none).
std::string format_standby_interval_line(int number, const IntervalSample& sample,
                                         const LagReading* lag);

// The final summary table (tpmC, tpmTOTAL, efficiency, per transaction
// counts, %, rollbacks, errors, retries, p50/p90/p95/p99/max, 90th
// percentile limits PASS/FAIL, input audits).
void print_summary(std::ostream& out, const Config& config, const RunInfo& info, const RunStats& stats);

// result.json (the DESIGN.md contract) as text.
std::string result_json(const Config& config, const RunInfo& info, const RunStats& stats);

// intervals.csv as text: elapsed_s,warmup,tpmC,tpmTOTAL, then
// <txn>_count,<txn>_p90_ms for each transaction, then errors,retries; for
// each standby k (from 1) of a combined run, standby<k>_tpmTOTAL,
// standby<k>_p90_ms, standby<k>_errors, standby<k>_retries and its lag:
// standby<k>_write_lag_ms, _flush_lag_ms, _replay_lag_ms, _bytes_behind,
// _replay_delay_ms (empty when not read).
std::string intervals_csv(const std::vector<IntervalSample>& intervals,
                          const std::vector<StandbyRun>& standbys = {});

// Writes result.json, intervals.csv, config.json (password masked) and
// report.html into config.result_dir (BenchmarkSQL %t patterns expanded with
// the start time)
// or results/<YYYYmmdd-HHMMSS>/ (created if needed); also copies result.json
// to config.json_file if set. Returns the directory used. Throws
// std::runtime_error naming the file that could not be written.
std::string write_result_files(const Config& config, const RunInfo& info, const RunStats& stats,
                               const std::vector<IntervalSample>& intervals);

}  // namespace tpcc
