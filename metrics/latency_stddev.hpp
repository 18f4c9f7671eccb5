// The standard deviation of the latencies a histogram holds, for pgbench's
// "latency stddev". The histogram keeps counts per bucket, not each value:
// each bucket's values are taken at its middle, so the figure is within the
// buckets' ~1% relative width of the exact one.
#pragma once

#include "metrics/stats.hpp"

namespace tpcc {

// Microseconds; 0 when fewer than two values.
double latency_stddev(const LatencyHistogram& latency);

}  // namespace tpcc
