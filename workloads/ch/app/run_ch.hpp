// `tpcc run --workload ch`: CH-benCHmark's analytic streams on TPC-C's load
// (docs/ch.md), on the engine every workload runs on: each terminal a query
// stream, the 22 queries its types; at the end QphH and the per-query table
// (count, rows, errors, recovery conflicts, cancels, p50/p90/max) on the
// console, in result.json's "ch" and in report.html.
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

// Refuses (UsageError, exit 2) when the database holds no TPC-C load or
// not CH's tables; runs; returns the exit status run_benchmark documents.
int run_ch(const Config& config, std::ostream& out);

}  // namespace tpcc
