// The terminal engine: virtual terminals paced by a scheduler (keying and
// think times, --rate) and a pool of worker threads with one database
// session each. Response times count from the moment a transaction was due,
// not from when a worker took it, so waiting for a free connection shows
// (no coordinated omission).
//
// Runs with one connection per terminal and no keying or think times take
// the fast path: each worker runs its own terminal in a loop with no
// hand-offs, back to back, or under --rate waiting itself for the next
// arrival of the terminal's schedule (pgbench's clients take their
// thread's next arrival alike, on the thread that runs them). Otherwise a
// scheduler (timers on one thread) makes terminals due and queues their
// transactions for the workers; a terminal has at most one outstanding.
//
// A combined primary + standby run (config.standbys) drives a group of
// read-only terminals on each standby beside the primary's, on one clock:
// the same start, warm-up, interval boundaries and end, one stop for all
// (duration, last terminal done, or SIGINT/SIGTERM), while a sampler reads
// the replication lag on connections of its own.
//
// A second group of terminals may run another workload beside the run's on
// the same clock (EngineSetup::side; a mixed run's analytic streams beside
// TPC-C's terminals): on the primary, or a group on each standby. Their
// figures are kept apart from the primary's (EngineResult::side).
#pragma once

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "metrics/run.hpp"
#include "metrics/stats.hpp"
#include "spec/nurand.hpp"
#include "terminal/engine/clock.hpp"
#include "terminal/engine/transaction.hpp"

namespace tpcc {

// Receives each interval's samples as its line is printed: the primary's
// first, then each standby's (for intervals.csv as the run goes).
using IntervalSink = std::function<void(const std::vector<IntervalSample>&)>;
// Turns each interval's samples (the primary's first, then each standby's)
// into the console lines printed for them. The wording is the report's
// (report/console/interval_line.hpp): the caller supplies it, so that the
// engine never depends on the report.
using IntervalLines = std::function<std::vector<std::string>(const std::vector<IntervalSample>&)>;

// Where each interval's samples go as the run goes.
struct IntervalOutputs {
  IntervalLines lines;  // optional: no lines printed without it
  IntervalSink sink;    // optional
  // The side groups' samples (SideGroups), after the run's own.
  IntervalLines side_lines;  // optional
  IntervalSink side_sink;    // optional
};

class Workload;

// Terminals of another workload beside the run's own (a mixed run): on the
// primary's connection, or as many on each standby. Their interval samples
// go to interval_lines and on_interval, one per group in the order of
// EngineResult::side, never to the run's own.
struct SideGroups {
  const Workload* workload = nullptr;  // null: none; must outlive the run
  int terminals = 0;                   // per server it runs on
  bool on_standbys = false;            // false: on the primary
  // Seconds after the run's start when its terminals start (a mixed run's
  // baseline: the run's own terminals alone until then); 0: at once.
  double start_seconds = 0;
  IntervalLines interval_lines;  // optional
  IntervalSink on_interval;      // optional
};

struct EngineSetup {
  // What the terminals run (terminal/engine/workload.hpp; TPC-C's is
  // workloads/tpcc/tpcc_workload.hpp). Required; must outlive the run.
  const Workload* workload = nullptr;
  // What each standby's terminals run (a read-only workload); null: the
  // primary's (TPC-C's read-only profile comes from the standby's config).
  const Workload* standby_workload = nullptr;
  std::uint64_t seed = 0;        // terminal i draws from Random::stream(seed, {i})
  IntervalLines interval_lines;  // optional (see IntervalLines)
  IntervalSink on_interval;      // optional
  // Several drivers (--driver): called once every session is open; waits
  // for the other drivers and returns the common start, polling the
  // callable it is given, which turns true on SIGINT/SIGTERM/SIGHUP. The
  // run begins then. Optional: without it the run begins at once.
  std::function<Clock::time_point(const std::function<bool()>& interrupted)> start_barrier;
  // A latency limit in milliseconds (pgbench's -L; 0: none): the primary's
  // transactions slower than it count as late (TxnStats::late); under
  // --rate, one whose due time is already further back than the limit when
  // a connection takes it is skipped, not sent (TxnStats::skipped), and the
  // terminal's schedule goes on from it.
  double latency_limit_ms = 0;
  // Told, from a worker's thread, why a terminal's workload ended it
  // (TxnResult::ends_terminal's error); optional: without it the run's log
  // says it as an error.
  std::function<void(const std::string& why)> terminal_aborted;
  // Another workload's terminals beside these (see SideGroups).
  SideGroups side;
};

// One standby's read-only terminals (combined runs), or one side group's
// terminals (SideGroups).
struct StandbyEngineResult {
  RunStats stats;                         // the measured interval only
  TerminalTotals terminals;               // each terminal's, the measured interval only
  std::vector<IntervalSample> intervals;  // the primary's boundaries
  RunHealth health;                       // the standby's downtime and errors
  ServerMetricsRun server_metrics;        // notes and sample counts; per interval in intervals
};

struct EngineResult {
  RunStats stats;                         // the measured interval only
  TerminalTotals terminals;               // each terminal's, the measured interval only
  std::vector<IntervalSample> intervals;  // warm-up ones flagged
  double measured_seconds = 0;
  double warmup_seconds = 0;                         // warm-up actually run
  std::chrono::system_clock::time_point wall_start;  // the start of the run (of the warm-up)
  bool interrupted = false;                          // SIGINT, SIGTERM or SIGHUP
  RunHealth health;                           // why it stopped; the primary's downtime and errors
  std::vector<StandbyEngineResult> standbys;  // in config.standbys order
  // SideGroups: on the primary, one; on the standbys, one per standby in
  // config.standbys order. Never counted in stats.
  std::vector<StandbyEngineResult> side;
  // --host-policy round-robin|random: the primary's figures per host.
  std::vector<HostRun> hosts;
  std::vector<LagSample> lag;       // every replication lag sample
  CheckpointFigures checkpoints;    // the primary's, over the measured interval
  ServerMetricsRun server_metrics;  // notes and sample counts; per interval in intervals
  // --failover: every commit the primary's terminals had acknowledged that
  // the workload keys for its ledger, in no order (TPC-C's New-Orders:
  // workloads/tpcc/acknowledged_order.hpp).
  std::vector<AcknowledgedCommit> acknowledged;
};

// What a standby's terminals run with: the primary's run settings, with the
// standby's conninfo, terminals and mix, the ro profile (BEGIN ... READ
// ONLY, Order-Status and Stock-Level only), one connection per terminal, no
// --rate limit and no --txns-per-terminal of their own (they run until the
// primary's terminals are done), and repeatable read in place of
// serializable, which a hot standby refuses.
Config standby_run_config(const Config& config, const StandbyTarget& standby);

// What a side group's terminals run with on a server run with
// server_config (the primary's, or a standby's standby_run_config):
// `terminals` of them, unpaced, one connection each, no --rate, --ramp or
// --txns-per-terminal of their own (they run until the primary's terminals
// are done).
Config side_run_config(const Config& server_config, int terminals);

// Connections the run opens: --connections, or one per terminal when 0.
int resolved_connections(const Config& config);

// True when the run takes the fast path (see above).
bool uses_fast_path(const Config& config);

// Runs the terminals of config against config.conninfo, and those of each
// of config.standbys against it: warm-up, then measurement for --duration
// seconds or until every (primary) terminal has completed
// --txns-per-terminal transactions, or until SIGINT/SIGTERM. Prints an
// interval line every --report-interval seconds to out (and one per
// standby). Throws ConnectError if a session cannot be opened at the start.
EngineResult run_engine(const Config& config, const EngineSetup& setup, std::ostream& out);

}  // namespace tpcc
