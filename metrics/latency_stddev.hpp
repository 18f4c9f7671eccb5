// The standard deviation of the latencies a histogram holds, for pgbench's
// "latency stddev": exact, from the histogram's sum of squares. A histogram
// read back from a file without them keeps counts per bucket only: then
// each bucket's values are taken at its middle, within the buckets' ~1%
// relative width of the exact figure.
#pragma once

#include "metrics/stats.hpp"

namespace tpcc {

// Microseconds; 0 when fewer than two values.
double latency_stddev(const LatencyHistogram& latency);

}  // namespace tpcc
