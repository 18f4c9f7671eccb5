// `tpcc run`: read the load, draw C-Run, drive the terminals, report.
#pragma once

#include <cstdint>
#include <ostream>

#include "config/config.hpp"
#include "report/stats.hpp"

namespace tpcc {

// Runs the benchmark of config and writes its results. Returns 0, 1 when
// errors exceed 1% of the completed transactions (or none completed), or 130
// when stopped by SIGINT/SIGTERM (results are still written). Throws
// ConnectError when the server cannot be reached and UsageError when the
// database holds no load.
int run_benchmark(const Config& config, std::ostream& out);

// The exit status for a finished run's measured stats (see run_benchmark).
int run_exit_status(const RunStats& stats, bool interrupted);

}  // namespace tpcc
