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
#include "report/checkpoints.hpp"
#include "report/lag.hpp"
#include "report/server_metrics.hpp"
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
  // Seconds of the interval the server was unreachable (no session could
  // reconnect), and the transactions in flight for over a second at its
  // end (a hung server or a lock wait).
  double downtime_seconds = 0;
  int stalled = 0;
  double oldest_stalled_seconds = 0;
  // The primary's server metrics (--server-metrics on; the primary's lines).
  std::optional<ServerMetricsInterval> server;
};

// An error as the server (or libpq) gave it, and when, in seconds from the
// start of the run.
struct ErrorNote {
  double at_seconds = 0;
  std::string sqlstate;  // empty for libpq's own errors (a lost connection)
  std::string message;
};

// Why the run ended.
enum class StopReason {
  Completed,    // --duration or --txns-per-terminal reached
  Interrupted,  // SIGINT, SIGTERM or SIGHUP
  Fatal,        // an error retrying cannot fix (db/error_classes.hpp)
  Downtime,     // the server unreachable for longer than --max-downtime
  Internal,     // an unexpected error in tpcc itself
};

// What went wrong during a run, beyond the per-transaction counts: the
// figures that keep a broken run from passing for a clean one.
struct RunHealth {
  StopReason stop = StopReason::Completed;
  std::string stop_detail;       // the signal, or the error that stopped the run
  double downtime_seconds = 0;   // server unreachable: no session could connect
  std::int64_t reconnect_failures = 0;
  std::optional<ErrorNote> first_error;
  std::optional<ErrorNote> last_error;
};

// "completed", "interrupted", "fatal_error", "max_downtime", "internal_error".
const char* stop_reason_name(StopReason reason);

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
  RunHealth health;  // the standby's downtime and errors (stop is the run's)
  ServerMetricsRun server_metrics;  // --server-metrics: the standby's own (no WAL, checkpoints)
};

// One driver of a run split over several (tpcc run --driver I/N).
struct DriverRun {
  std::string run_id;
  int index = 0;  // 1-based
  int count = 0;
  int first_warehouse = 0;  // this driver's home warehouses
  int last_warehouse = 0;
  std::string barrier_start;  // the common start the server fixed: UTC, ISO 8601, ms
};

// One driver's result in a merged one (tpcc report --merge).
struct MergedPart {
  std::string dir;
  DriverRun driver;
  int terminals = 0;
  double tpmc = 0;
  double tpm_total = 0;
  double measured_seconds = 0;
  std::int64_t measured_start_ms = 0;
  std::int64_t measured_end_ms = 0;
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
  RunHealth health;
  // 5.5.2.2: the server's checkpoint counters around the measured interval.
  CheckpointFigures checkpoints;
  ServerMetricsRun server_metrics;  // --server-metrics
  int exit_status = 0;  // what tpcc run exits with
  // The measured interval on the wall clock: milliseconds since the epoch
  // (UTC); 0 when unknown.
  std::int64_t measured_start_ms = 0;
  std::int64_t measured_end_ms = 0;
  std::optional<DriverRun> driver;     // tpcc run --driver I/N
  std::vector<MergedPart> merged_from;  // tpcc report --merge: the drivers merged
};

// "[ 10s ] tpmC: 1234 tpmTOTAL: 2740 p90: 12.3ms p99: 40.1ms err/s: 0 retries: 0",
// rates over the interval's length, percentiles over all five transactions;
// warm-up lines end in "(warm-up)".
std::string format_interval_line(const IntervalSample& sample);

// The same interval in sysbench's shape (--report-format sysbench):
// "[ 1s ] thds: 64 tps: 1234.56 qps: 34567.89 (r/w/o: 15000.00/16000.00/
// 3567.89) lat (ms,95%): 12.34 err/s: 0.00 reconn/s: 0.00". threads is the
// terminals; tps the completed transactions of all five types per second;
// qps and r/w/o the statements by command tag (RunStats::statements); lat the
// 95th percentile over the interval (0.00 without transactions, as sysbench
// prints it); then the tpcc line's downtime, stall and warm-up marks.
std::string format_sysbench_interval_line(const IntervalSample& sample, int threads);

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
// <txn>_count,<txn>_p90_ms for each transaction, then errors,retries,
// timeouts,unfinished,downtime_s,stalled; for
// each standby k (from 1) of a combined run, standby<k>_tpmTOTAL,
// standby<k>_p90_ms, standby<k>_errors, standby<k>_retries and its lag:
// standby<k>_write_lag_ms, _flush_lag_ms, _replay_lag_ms, _bytes_behind,
// _replay_delay_ms (empty when not read).
// With server_metrics (--server-metrics on), the server metric columns
// follow (server_metrics_csv_header).
std::string intervals_csv(const std::vector<IntervalSample>& intervals,
                          const std::vector<StandbyRun>& standbys = {},
                          bool server_metrics = false);
// Its parts, for writing it as the run goes: the header line, and one row
// for a primary sample and its standbys' samples (nullptr: none).
std::string intervals_csv_header(std::size_t standbys, bool server_metrics);
std::string intervals_csv_row(const IntervalSample& sample,
                              const std::vector<const IntervalSample*>& standbys,
                              bool server_metrics);

// Writes result.json, intervals.csv, config.json (password masked) and
// report.html into the directory ResultSink resolves (report/result_sink.hpp)
// from the start time, and the --json copy. Returns the directory used.
std::string write_result_files(const Config& config, const RunInfo& info, const RunStats& stats,
                               const std::vector<IntervalSample>& intervals);

}  // namespace tpcc
