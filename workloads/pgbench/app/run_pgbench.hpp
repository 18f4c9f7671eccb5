// `tpcc run --workload pgbench`: pgbench's scripts on the same engine,
// result directory, health and exit status as a TPC-C run, pgbench's
// progress lines and final block on the console, and pgbench's figures in
// result.json.
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

// Refuses (UsageError, exit 2) unprepared tables, a script that does not
// parse (naming FILE:LINE:COLUMN) and a bad --builtin, --file or --define;
// runs the scripts; returns the exit status run_benchmark documents.
int run_pgbench(const Config& config, std::ostream& out);

// Reads and parses every script of the run and its standbys and the -D
// definitions, before anything connects: UsageError (exit 2) naming the
// flag and the file, or FILE:LINE:COLUMN.
void read_pgbench_inputs(const Config& config);

}  // namespace tpcc
