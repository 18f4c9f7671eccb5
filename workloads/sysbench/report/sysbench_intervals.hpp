// intervals.csv of a run of another workload than TPC-C (sysbench's oltp
// tests, pgbench's scripts, ingest): one row per interval with what
// sysbench's interval line shows (threads, tps, qps and its read / write /
// other split, the latency percentile, errors and reconnects per second),
// tpcc's downtime, stall and warm-up marks beside them, and each standby's
// side of a primary + standby run last.
#pragma once

#include <string>
#include <vector>

#include "metrics/run.hpp"

namespace tpcc {

// elapsed_s,warmup,threads,tps,qps,reads_per_s,writes_per_s,other_per_s,
// lat_pP_ms,errors_per_s,reconnects_per_s,retries,downtime_s,stalled, the
// server metric columns with server_metrics, then per standby k
// standbyk_threads,standbyk_tps,standbyk_qps,standbyk_lat_pP_ms,
// standbyk_errors_per_s and its lag (write_lag_ms ... replay_delay_ms).
std::string sysbench_intervals_csv_header(int percentile, std::size_t standbys,
                                          bool server_metrics);
// `standbys` holds each standby's line of the same interval (null: none),
// the lag readings are the primary's sample's.
std::string sysbench_intervals_csv_row(const IntervalSample& sample,
                                       const std::vector<const IntervalSample*>& standbys,
                                       int threads, int percentile, bool server_metrics);
std::string sysbench_intervals_csv(const std::vector<IntervalSample>& intervals,
                                   const std::vector<StandbyRun>& standbys, int threads,
                                   int percentile, bool server_metrics);

}  // namespace tpcc
