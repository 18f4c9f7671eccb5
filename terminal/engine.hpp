// The terminal engine: virtual terminals paced by a scheduler (keying and
// think times, --rate) and a pool of worker threads with one database
// session each. Response times count from the moment a transaction was due,
// not from when a worker took it, so waiting for a free connection shows
// (no coordinated omission).
//
// Unpaced runs with one connection per terminal take the fast path: each
// worker runs its own terminal in a loop with no hand-offs. Otherwise a
// scheduler (timers on one thread) makes terminals due and queues their
// transactions for the workers; a terminal has at most one outstanding.
#pragma once

#include <cstdint>
#include <ostream>
#include <vector>

#include "config/config.hpp"
#include "report/report.hpp"
#include "report/stats.hpp"
#include "spec/nurand.hpp"

namespace tpcc {

struct EngineSetup {
  int warehouses = 1;      // W of the load
  NURandConstants c_run;   // 2.1.6 C-Run
  std::uint64_t seed = 0;  // terminal i draws from Random::stream(seed, {i})
};

struct EngineResult {
  RunStats stats;                          // the measured interval only
  std::vector<IntervalSample> intervals;   // warm-up ones flagged
  double measured_seconds = 0;
  double warmup_seconds = 0;               // warm-up actually run
  bool interrupted = false;                // SIGINT or SIGTERM
};

// Connections the run opens: --connections, or one per terminal when 0.
int resolved_connections(const Config& config);

// True when the run takes the fast path (see above).
bool uses_fast_path(const Config& config);

// Runs the terminals of config against config.conninfo: warm-up, then
// measurement for --duration seconds or until every terminal has completed
// --txns-per-terminal transactions, or until SIGINT/SIGTERM. Prints an
// interval line every --report-interval seconds to out. Throws ConnectError
// if a session cannot be opened at the start.
EngineResult run_engine(const Config& config, const EngineSetup& setup, std::ostream& out);

}  // namespace tpcc
