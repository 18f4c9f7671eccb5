// A paced run's schedule lag (how long after its due time each transaction
// was sent) as the console's summary and report.html show it.
#pragma once

#include <string>

#include "metrics/stats.hpp"

namespace tpcc {

// "p50 0.120 ms, p99 2.304 ms, max 8.977 ms" over every type; empty when
// nothing lagged (an unpaced run records none).
std::string schedule_lag_text(const RunStats& stats);

}  // namespace tpcc
