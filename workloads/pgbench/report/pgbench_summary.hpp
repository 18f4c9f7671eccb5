// A pgbench run on the console in pgbench 15's shape: its progress lines
// ("progress: 3.0 s, 113025.6 tps, lat 0.876 ms stddev 1.011, 0 failed") and its
// final block (transaction type ... tps, and with several scripts a part
// per script); with standbys (--standby-conn) a line and a block for each
// standby's side under the primary's, with its replication lag. The latency stddev is
// the histogram's exact one (metrics/latency_stddev.hpp).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "metrics/command_latency.hpp"
#include "metrics/lag.hpp"
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
  int threads = 1;                   // -j, at most one per client
  long transactions_per_client = 0;  // -t; 0: a duration
  int duration_seconds = 0;          // -T; a standby's side: the measured seconds
  double connection_ms = 0;          // the time to open every session
  double latency_limit_ms = 0;       // -L; 0: none
  bool rate_limited = false;         // -R
  bool progress = false;             // -P: progress lines printed
  // --report-per-command: each script's commands (empty: none printed).
  ScriptCommandLatencies commands;
};

// What a progress line says besides the interval's figures: pgbench 15
// adds the schedule lag under -R, and the skipped under -R with -L.
struct PgbenchProgressLimits {
  bool rate_limited = false;     // -R
  bool latency_limited = false;  // -L
};

// "progress: 3.0 s, 113025.6 tps, lat 0.876 ms stddev 1.011, 0 failed", the
// failed transactions of the interval last, as pgbench 15 prints it; under
// -R then ", lag 1.717 ms" (the interval's mean schedule lag) and, with -L,
// ", 86 skipped" (the interval's).
std::string pgbench_progress_line(const IntervalSample& sample,
                                  const PgbenchProgressLimits& limits = {});

// A standby's line under the primary's: "standby 1: progress: 3.0 s, ...,
// 0 failed, lag: replay 2.10ms, 16.0 kB behind, last replay 15.0ms ago"
// (number counts from 1; lag: its reading, nullptr: none).
std::string pgbench_standby_progress_line(int number, const IntervalSample& sample,
                                          const LagReading* lag);

// One interval's lines: the primary's (samples.front(), with `limits`),
// then each standby's (never rate limited) with the replication lag the
// primary's sample read for it.
std::vector<std::string> pgbench_progress_lines(const std::vector<IntervalSample>& samples,
                                                const PgbenchProgressLimits& limits = {});

// pgbench 15's -r lines of one script: "statement latencies in
// milliseconds and failures:" (" - " before it inside a script's part),
// then per command its average latency, its failures and its first line:
// "         0.123           0  \set aid random(1, 100000 * :scale)".
std::string pgbench_command_lines(const std::vector<CommandLatency>& commands, bool in_script_part);

// pgbench 15's latency lines: with -R, -P or -L the measured "latency
// average = X ms" and "latency stddev = Y ms" (none when nothing was
// measured); without them "latency average = X ms" alone, X the clients'
// time over the transactions they ended (1000 × seconds × clients /
// counted: the processed, skipped and failed), followed by " (including
// failures)" when any failed.
std::string pgbench_latency_lines(const PgbenchRunFacts& facts, double seconds,
                                  std::int64_t counted, std::int64_t failed,
                                  const LatencyHistogram& latency);

// pgbench 15's final block: under -t "number of transactions actually
// processed: N/M" (M = clients × -t), the failed (and, with -R and -L, the
// skipped) as shares of the processed, skipped and failed ("NaN%" of
// none); when nothing was processed or skipped, nothing after the failed.
std::string pgbench_final_block(const PgbenchRunFacts& facts, const RunInfo& info,
                                const RunStats& stats);

// With -L, pgbench 15's lines of the limit: under -R "number of
// transactions skipped: 4 (3.150%)" (of the processed, skipped and failed),
// then "number of transactions above the 10.0 ms latency limit: 3/100
// (3.000%)" (of the processed); none without -L.
std::string pgbench_latency_limit_lines(const PgbenchRunFacts& facts, const RunStats& stats);

// The primary's block, then each standby's (standby_facts with the
// standby's clients) and its replication lag (p50 / p99 / max).
void print_pgbench_summary(std::ostream& out, const PgbenchRunFacts& primary,
                           const PgbenchRunFacts& standby_facts, const RunInfo& info,
                           const RunStats& stats);

}  // namespace tpcc
