// `tpcc run`: read the load, draw C-Run, drive the terminals, report.
#pragma once

#include <cstdint>
#include <ostream>

#include "config/config.hpp"

namespace tpcc {

// Runs the benchmark of config and writes its results (the result
// directory is settled before connecting; see report/result_sink.hpp).
// Returns 0 for a clean run; 1 when the server was unreachable at any time,
// transactions were left unfinished at the end, errors exceed 1% of the
// completed transactions or none completed; 3 when an error retrying cannot
// fix or a downtime beyond --max-downtime stopped it; 130 when stopped by
// SIGINT/SIGTERM/SIGHUP. Results are written in every one of these cases.
// Throws ConnectError when the server cannot be reached at the start and
// UsageError when the database holds no load or the results cannot be written.
int run_benchmark(const Config& config, std::ostream& out);

// A run's random seed: the clock and the process id, so that two runs (or
// two drivers started together) draw differently.
std::uint64_t time_seed();

}  // namespace tpcc
