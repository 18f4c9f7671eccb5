// Pre-flight: before the terminals start, what in the server's settings
// and the host changes what the run's figures mean, judged from the
// environment record (experiment/environment.hpp) and the run's size:
// - durability off (fsync, synchronous_commit, full_page_writes): "not a
//   durable server", a warning; its tpmC is not one a durable server gives;
// - the database against shared_buffers ("fits in shared_buffers: a cached
//   run") and, for a server on this host, against the RAM;
// - max_connections against the connections the run opens on the server:
//   the terminals' (or --connections) and the delivery workers', without
//   which the run cannot start, beyond max_connections can never open: a
//   refusal (exit 2), since the run would certainly fail; with the kit's
//   own sessions (server metrics, checkpoint watch) beyond what is left
//   after superuser_reserved_connections, a warning: a superuser may
//   still open them, and other sessions may take slots the kit cannot
//   count;
// - checkpoint_timeout against 5.5.2.2's 30 minutes and the measured
//   interval (an interval shorter than it may hold no checkpoint);
// - for a server on this host, the CPU frequency governor (not
//   performance) and transparent huge pages (always).
// Pure: no I/O.
#pragma once

#include <vector>

#include "metrics/experiment.hpp"

namespace tpcc {

// The run's side of the checks.
struct PreflightRun {
  int run_connections = 0;      // terminals' (or --connections) and delivery workers'
  int kit_connections = 0;      // the kit's own: server metrics, checkpoint watch, lag
  double measured_seconds = 0;  // --duration; 0 with --txns-per-terminal
  // TPC-C's run: its figure is tpmC and its rules (3.5.3, 5.5.2.2) apply;
  // another workload's findings name neither.
  bool tpcc = true;
};

std::vector<PreflightFinding> preflight_findings(const Environment& env, const PreflightRun& run);

// Any finding that refuses the run.
bool preflight_refuses(const std::vector<PreflightFinding>& findings);

}  // namespace tpcc
