// Replication lag as the console and the pages show it.
#pragma once

#include <string>

#include "metrics/lag.hpp"

namespace tpcc {

// "replay 2.1ms, 16 kB behind, last replay 15ms ago": what the interval
// lines show of one reading; absent values are left out ("n/a" if all are).
std::string format_lag_reading(const LagReading& reading);

// "2.00ms / 3.00ms / 3.00ms" (p50 / p99 / max) of a summary of
// milliseconds, or of bytes ("16.0 kB / ..."); "-" without samples.
std::string format_lag_summary(const LagSummary& summary, bool bytes);

// A byte count for people: "512 B", "16.0 kB", "3.2 MB", "1.5 GB".
std::string format_bytes(double bytes);

}  // namespace tpcc
