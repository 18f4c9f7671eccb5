// `tpcc sweep`: a run of the configured workload per point of a grid of
// run options (--vary), pgbench's script variables (--vary-define) and
// server settings (--vary-setting), each repeated (--repeat) and reset
// (--restore) as a run would be, into DIR/<point>; DIR/sweep.json keeps
// the progress, so the same command continues an interrupted sweep;
// DIR/result.json and DIR/report.html show the workload's throughput and
// latency against the values (docs/experiments.md).
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

// Runs the points not finished yet, in grid order, and puts the server
// settings it changed back at the end: also when a point fails or the
// sweep is interrupted (SIGINT, SIGTERM, SIGHUP: it stops after the
// current point). Returns 0 when every point ran clean; 130 when
// interrupted; otherwise the exit status of the first point that failed
// (a point that cannot connect or lost its server stops the sweep).
// Throws UsageError before anything changed for a grid other than the one
// DIR holds, a directory that holds something else, or a setting that
// cannot be varied.
int run_sweep(const Config& config, std::ostream& out);

// tpcc report DIR of a sweep: the table again, and report.html drawn anew
// from the points' results.
int redraw_sweep(const Config& config, std::ostream& out);

}  // namespace tpcc
