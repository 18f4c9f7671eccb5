// The end of a sysbench-shaped run on the console: sysbench 1.0's final
// block (SQL statistics, general statistics, latency, threads fairness) and, with
// --histogram, its latency histogram, computed from the measured interval.
#pragma once

#include <ostream>
#include <string>

#include "config/config.hpp"
#include "metrics/run.hpp"
#include "metrics/stats.hpp"

namespace tpcc {

// "SQL statistics: ... Latency (ms): ... sum: ...", the figures over the
// measured interval: transactions are the completed events of every type,
// queries the statements by command tag (read / write / other), ignored
// errors the retried ones (sysbench restarts an event on a deadlock, a
// serialization failure or a duplicate key), the percentile
// config.sysbench_percentile's, the min the exact shortest event's; then
// "Threads fairness" from info.terminal_totals, each terminal one of
// sysbench's threads (left out when they are not known).
std::string sysbench_final_block(const Config& config, const RunInfo& info, const RunStats& stats);

// sysbench's --histogram: "Latency histogram (values are in milliseconds)",
// one line per non-empty bucket with a bar of up to 40 stars; empty when
// nothing completed.
std::string sysbench_latency_histogram(const LatencyHistogram& latency);

// Both, as config asks: the histogram first, then the final block.
void print_sysbench_summary(std::ostream& out, const Config& config, const RunInfo& info,
                            const RunStats& stats);

}  // namespace tpcc
