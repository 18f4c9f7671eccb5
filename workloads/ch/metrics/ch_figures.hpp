// What a run of CH-benCHmark's analytic streams measured (docs/ch.md):
// per query its executions, latency, rows returned and errors (recovery
// conflicts and cancels apart), and QphH, the queries completed per hour
// of the measured interval. Arithmetic only; the counting is the
// workload's.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "workloads/ch/metrics/ch_freshness.hpp"

namespace tpcc {

struct ChQueryFigures {
  std::string name;                     // "Q1"
  std::int64_t count = 0;               // completed in the measured interval
  std::int64_t rows = 0;                // rows they returned
  std::int64_t errors = 0;              // every error, the two below included
  std::int64_t recovery_conflicts = 0;  // 40001 canceled by a standby's recovery
  std::int64_t cancels = 0;             // 57014: statement timeout or cancel
  double p50_ms = 0;
  double p90_ms = 0;
  double max_ms = 0;
};

// A mixed run with --ch-baseline (docs/ch.md "Interference"): TPC-C's
// terminals alone for the first interval lines of the measured interval,
// then beside the streams for the rest; each part's throughput. The
// run's own tpmC stays the whole measured interval's.
struct ChInterference {
  double alone_seconds = 0;  // the baseline: whole interval lines
  double mixed_seconds = 0;
  double tpmc_alone = 0;
  double tpmc_mixed = 0;
  double tpm_total_alone = 0;
  double tpm_total_mixed = 0;
  // tpmc_mixed / tpmc_alone; none without a New-Order alone or a mixed part.
  std::optional<double> ratio;
  std::optional<double> total_ratio;  // tpm_total_mixed / tpm_total_alone, likewise
};

struct ChFigures {
  int streams = 0;
  double seconds = 0;        // the measured interval
  std::int64_t queries = 0;  // completed in it, every query
  double qphh = 0;           // queries x 3600 / seconds
  double p50_ms = 0;         // every query's latency together
  double p90_ms = 0;
  double max_ms = 0;
  // A mixed run's: every server's queries' freshness together, and each
  // server's figures (the primary's, or one per standby).
  std::optional<ChFreshness> freshness;
  std::vector<ChServerFigures> servers;
  // A mixed run's streams (--ch-streams): "primary" or "standby"; empty
  // for --workload ch.
  std::string on;
  std::vector<ChQueryFigures> per_query;  // Q1..Q22
  // --ch-baseline: TPC-C alone against mixed; none without.
  std::optional<ChInterference> interference;
  // The settings the kit made in the streams' sessions, as "name = value"
  // (on a load distributed by Citus: docs/citus.md); empty on one server.
  std::vector<std::string> session_settings;
  // A merged result's (tpcc report --merge): how its figures were combined
  // and the drivers whose streams it holds; empty for one driver's run.
  std::string merge_rule;
  std::vector<int> merged_drivers;
};

// queries x 3600 / seconds; 0 without time.
double ch_qphh(std::int64_t queries, double seconds);

}  // namespace tpcc
