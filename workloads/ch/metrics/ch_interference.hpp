// --ch-baseline's split (docs/ch.md "Interference"): the measured interval
// lines of the run's own terminals, the first whole ones (the baseline) as
// TPC-C alone, the rest as TPC-C beside the analytic streams. Derived from
// the interval lines the engine keeps anyway (measured_throughput), so
// that nothing is added to the transactions' path. Arithmetic only.
#pragma once

#include <vector>

#include "metrics/run.hpp"

namespace tpcc {

// The lines that end within the first `baseline_seconds` of the measured
// interval are alone, the others mixed; each part's New-Orders (5.4.2) and
// transactions per minute over its own seconds, and the mixed tpmC over
// the alone one.
ChInterference split_interference(const std::vector<IntervalThroughput>& lines,
                                  double baseline_seconds);

}  // namespace tpcc
