// A pgbench run on the console in pgbench 15's shape: its progress lines
// ("progress: 3.0 s, 113025.6 tps, lat 0.876 ms stddev 1.011, 0 failed") and its
// final block (transaction type ... tps, and with several scripts a part
// per script). The latency stddev comes from the latency histogram
// (metrics/latency_stddev.hpp).
#pragma once

#include <string>
#include <vector>

#include "metrics/run.hpp"
#include "metrics/stats.hpp"

namespace tpcc {

// What the final block says of the run besides its statistics.
struct PgbenchRunFacts {
  std::vector<std::string> script_titles;  // by type slot: "<builtin: TPC-B (sort of)>"
  std::vector<int> script_weights;
  long long scale = 1;
  std::string partition_method;  // pgbench_accounts' ("range", "hash"); empty: not partitioned
  long long partitions = 0;
  std::string query_mode;  // "prepared", "extended" or "simple"
  int clients = 1;
  long transactions_per_client = 0;  // -t; 0: a duration
  int duration_seconds = 0;          // -T
  double connection_ms = 0;          // the time to open every session
  double latency_limit_ms = 0;       // -L; 0: none
  bool rate_limited = false;         // -R
};

// "progress: 3.0 s, 113025.6 tps, lat 0.876 ms stddev 1.011, 0 failed", the
// failed transactions of the interval last, as pgbench 15 prints it.
std::string pgbench_progress_line(const IntervalSample& sample);

std::string pgbench_final_block(const PgbenchRunFacts& facts, const RunInfo& info,
                                const RunStats& stats);

// With -L, pgbench 15's lines of the limit: under -R "number of
// transactions skipped: 4 (3.150%)" (of the processed, skipped and failed),
// then "number of transactions above the 10.0 ms latency limit: 3/100
// (3.000%)" (of the processed); none without -L.
std::string pgbench_latency_limit_lines(const PgbenchRunFacts& facts, const RunStats& stats);

}  // namespace tpcc
