// What a run measured beyond the per-transaction counts: the interval
// samples, why the run stopped and what went wrong, the standbys' and the
// drivers' parts, and the run as a whole. Types only: the engine fills them,
// the report renders and writes them.
#pragma once

#include <array>
#include <cstdint>
#include <ctime>
#include <optional>
#include <string>
#include <vector>

#include "metrics/checkpoints.hpp"
#include "metrics/command_latency.hpp"
#include "metrics/experiment.hpp"
#include "metrics/lag.hpp"
#include "metrics/ledger.hpp"
#include "metrics/server_metrics.hpp"
#include "metrics/stats.hpp"
#include "metrics/terminal_totals.hpp"
#include "spec/nurand.hpp"
#include "spec/transactions.hpp"
#include "workloads/ch/metrics/ch_figures.hpp"
#include "workloads/ingest/metrics/ingest_figures.hpp"

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
  // The connections that failed to reconnect in the interval ("connection
  // 2", "delivery worker 1"): the interval line says which when only
  // delivery workers did, while the terminals were served.
  std::vector<std::string> unreachable_connections;
  int stalled = 0;
  double oldest_stalled_seconds = 0;
  // The primary's server metrics (--server-metrics on; the primary's lines).
  std::optional<ServerMetricsInterval> server;
  // --ramp: the terminals started by the end of the interval, of how many
  // (terminals 0: not known, a sample read back from a file).
  int active_terminals = 0;
  int terminals = 0;
};

// 5.5 steady state: one interval line of the measured interval, as the
// throughput it shows: its length and the New-Orders it completed.
struct IntervalThroughput {
  double seconds = 0;
  std::int64_t new_orders = 0;    // committed + rolled back (5.4.2)
  double downtime_seconds = 0;    // the server unreachable in this line
  std::int64_t transactions = 0;  // every type completed (tpmTOTAL's count)
};

// The measured (not warm-up) lines of `intervals`, in order.
std::vector<IntervalThroughput> measured_throughput(const std::vector<IntervalSample>& intervals);

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

// One outage: from the first lost connection until the first session
// reconnected, in seconds from the start of the run, and the server the
// sessions were connected to before and after it (host:port as libpq
// reports it). With a multi-host --conn the two differ after a failover.
struct Outage {
  double start_seconds = 0;
  double end_seconds = 0;
  std::string host_before;
  std::string host_after;
  double seconds() const { return end_seconds - start_seconds; }
};

// What went wrong during a run, beyond the per-transaction counts: the
// figures that keep a broken run from passing for a clean one.
struct RunHealth {
  StopReason stop = StopReason::Completed;
  std::string stop_detail;      // the signal, or the error that stopped the run
  double downtime_seconds = 0;  // server unreachable: no session could connect
  std::int64_t reconnect_failures = 0;
  // Every connection that failed to reconnect during the run, in the order
  // they first failed ("connection 2", "delivery worker 1").
  std::vector<std::string> unreachable_connections;
  // An outage still open at the end: since when, in seconds from the start
  // (a server that went away and did not come back).
  std::optional<double> unreachable_since;
  std::optional<ErrorNote> first_error;
  std::optional<ErrorNote> last_error;  // the latest error, whatever its kind
  // How many different (SQLSTATE, message) errors were seen, counted up to
  // kMaxDistinctErrors: a last error unlike the first is one of several.
  std::int64_t distinct_errors = 0;
  // Every closed outage, in order (an open one is unreachable_since).
  std::vector<Outage> outages;
  // --failover: an outage was expected; one within --max-downtime is
  // reported, not a failure.
  bool failover_expected = false;
  // Terminals their workload ended for good (pgbench's aborted clients:
  // a script that failed to evaluate).
  std::int64_t aborted_terminals = 0;
};

inline constexpr std::int64_t kMaxDistinctErrors = 1000;

// The recovery time (RTO): the longest outage's length, 0 without one.
double recovery_time_seconds(const RunHealth& health);

// "completed", "interrupted", "fatal_error", "max_downtime", "internal_error".
const char* stop_reason_name(StopReason reason);

// One standby of a combined primary + standby run ("standbys" in result.json): its read-only
// terminals' figures over the same measured interval as the primary's, and the replication lag.
struct StandbyRun {
  std::string target;  // host and port, password-free
  int terminals = 0;
  std::array<double, kTxnTypes> mix = {0, 0, 50, 0, 50};
  RunStats stats;
  TerminalTotals terminal_totals;         // its terminals' events and time
  std::vector<IntervalSample> intervals;  // the same boundaries as the primary's
  LagFigures lag;
  RunHealth health;                 // the standby's downtime and errors (stop is the run's)
  ServerMetricsRun server_metrics;  // --server-metrics: the standby's own (no WAL, checkpoints)
};

// One host of a --conn of several primaries (--host-policy round-robin or
// random): the connections it was given and their figures over the
// measured interval ("hosts" in result.json).
struct HostRun {
  std::string host;  // "a:5432"
  int connections = 0;
  RunStats stats;
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

// The interval lines of terminals that ran beside the run's own (a mixed
// run's analytic streams, one group per server they ran on), on the run's
// boundaries: intervals.csv's columns after the run's own.
struct SideIntervals {
  std::string label;  // as the console's lines name the group: "ch", "ch on standby 1"
  std::vector<IntervalSample> intervals;
};

struct RunInfo {
  int warehouses = 0;
  int terminals = 0;
  double measured_seconds = 0;  // excludes warm-up
  double warmup_seconds = 0;
  std::string started_at;            // ISO 8601 local time
  bool interrupted = false;          // stopped by SIGINT/SIGTERM
  std::time_t start_time = 0;        // names results/<YYYYmmdd-HHMMSS>/; 0: now
  std::vector<StandbyRun> standbys;  // in --standby-conn order
  std::vector<HostRun> hosts;        // --host-policy round-robin|random, in --conn order
  // Each terminal's measured events and their time (sysbench's Threads
  // fairness); empty when not known (a result written before they were kept).
  TerminalTotals terminal_totals;
  // Every transaction attempted, warm-up included: the denominator of
  // client CPU per transaction (bench/run.sh).
  std::int64_t transactions_all_phases = 0;
  RunHealth health;
  // 5.5.2.2: the server's checkpoint counters around the measured interval.
  CheckpointFigures checkpoints;
  ServerMetricsRun server_metrics;  // --server-metrics
  int exit_status = 0;              // what tpcc run exits with
  // The measured interval on the wall clock: milliseconds since the epoch
  // (UTC); 0 when unknown.
  std::int64_t measured_start_ms = 0;
  std::int64_t measured_end_ms = 0;
  // 5.5: the measured interval's lines (steady state); empty when the
  // figures over time are not known.
  std::vector<IntervalThroughput> measured_lines;
  // 2.1.6: the C-Run every terminal of the run used (TPC-C; with --driver,
  // the first driver's at the start barrier); nullopt when not recorded.
  std::optional<NURandConstants> c_run;
  std::optional<DriverRun> driver;      // tpcc run --driver I/N
  std::vector<MergedPart> merged_from;  // tpcc report --merge: the drivers merged
  // --restore, --condition and the environment (docs/experiments.md).
  ExperimentRecord experiment;
  // --failover: the acknowledged-commit ledger checked after the run.
  std::optional<LedgerFigures> ledger;
  // The ingest workload's figures (workloads/ingest/metrics/ingest_figures.hpp).
  std::optional<IngestFigures> ingest;
  // CH-benCHmark's analytic streams' figures (workloads/ch/metrics/ch_figures.hpp).
  std::optional<ChFigures> ch;
  // A mixed run: the interval lines of what ran beside (SideIntervals).
  std::vector<SideIntervals> side_intervals;
  // pgbench's --report-per-command: each script's commands (empty without).
  ScriptCommandLatencies pgbench_commands;
};

}  // namespace tpcc
