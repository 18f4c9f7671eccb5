// intervals.csv of a sysbench oltp run: one row per interval with what
// sysbench's interval line shows (threads, tps, qps and its read / write /
// other split, the latency percentile, errors and reconnects per second),
// and tpcc's downtime, stall and warm-up marks beside them.
#pragma once

#include <string>
#include <vector>

#include "metrics/run.hpp"

namespace tpcc {

// elapsed_s,warmup,threads,tps,qps,reads_per_s,writes_per_s,other_per_s,
// lat_pP_ms,errors_per_s,reconnects_per_s,retries,downtime_s,stalled, then
// the server metric columns with server_metrics.
std::string sysbench_intervals_csv_header(int percentile, bool server_metrics);
std::string sysbench_intervals_csv_row(const IntervalSample& sample, int threads, int percentile,
                                       bool server_metrics);
std::string sysbench_intervals_csv(const std::vector<IntervalSample>& intervals, int threads,
                                   int percentile, bool server_metrics);

}  // namespace tpcc
