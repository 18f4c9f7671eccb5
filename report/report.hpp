// Console lines, the final summary, and the result files of a run
// (result.json, intervals.csv, config.json). See DESIGN.md "result.json".
#pragma once

#include <ctime>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "report/stats.hpp"

namespace tpcc {

// The read-only side of a combined primary + standby run (DESIGN.md
// "standby" in result.json).
struct StandbyRun {
  int terminals = 0;
  RunStats stats;
  double replication_lag_seconds = -1;  // < 0: not measured
};

struct RunInfo {
  int warehouses = 0;
  int terminals = 0;
  double measured_seconds = 0;  // excludes warm-up
  double warmup_seconds = 0;
  std::string started_at;       // ISO 8601 local time
  bool interrupted = false;     // stopped by SIGINT/SIGTERM
  std::time_t start_time = 0;   // names results/<YYYYmmdd-HHMMSS>/; 0: now
  std::optional<StandbyRun> standby;
  // Every transaction attempted, warm-up included: the denominator of
  // client CPU per transaction (bench/run.sh).
  std::int64_t transactions_all_phases = 0;
};

// One line of interval output: stats of the transactions completed in
// (end - length, end], elapsed counted from the start of the run.
struct IntervalSample {
  double end_seconds = 0;
  double length_seconds = 0;
  bool warmup = false;
  RunStats stats;
};

// "[ 10s ] tpmC: 1234 tpmTOTAL: 2740 p90: 12.3ms p99: 40.1ms err/s: 0 retries: 0",
// rates over the interval's length, percentiles over all five transactions;
// warm-up lines end in "(warm-up)".
std::string format_interval_line(const IntervalSample& sample);

// The final summary table (tpmC, tpmTOTAL, efficiency, per transaction
// counts, %, rollbacks, errors, retries, p50/p90/p95/p99/max, 90th
// percentile limits PASS/FAIL, input audits).
void print_summary(std::ostream& out, const Config& config, const RunInfo& info, const RunStats& stats);

// result.json (the DESIGN.md contract) as text.
std::string result_json(const Config& config, const RunInfo& info, const RunStats& stats);

// intervals.csv as text: elapsed_s,warmup,tpmC,tpmTOTAL, then
// <txn>_count,<txn>_p90_ms for each transaction, then errors,retries.
std::string intervals_csv(const std::vector<IntervalSample>& intervals);

// Writes result.json, intervals.csv, config.json (password masked) and
// report.html into config.result_dir (BenchmarkSQL %t patterns expanded with
// the start time)
// or results/<YYYYmmdd-HHMMSS>/ (created if needed); also copies result.json
// to config.json_file if set. Returns the directory used. Throws
// std::runtime_error naming the file that could not be written.
std::string write_result_files(const Config& config, const RunInfo& info, const RunStats& stats,
                               const std::vector<IntervalSample>& intervals);

}  // namespace tpcc
