// What a mixed run (--ch-streams) measured of the data its analytic queries
// saw and of the standbys they ran on (docs/ch.md "Freshness", "Recovery
// conflicts on standbys"): how old the newest heartbeat a query's snapshot
// held was when the query started, per server, and, per standby, its
// recovery conflicts over the run and what hot_standby_feedback moved to
// the primary. Arithmetic only; the sampling is the workload's.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tpcc {

// The freshness of a set of queries: query start - the heartbeat time
// their snapshot saw, in ms.
struct ChFreshness {
  std::int64_t samples = 0;
  double p50_ms = 0;
  double p99_ms = 0;
  double max_ms = 0;
};

// One interval's freshness on one server (the report's chart).
struct ChFreshnessInterval {
  double end_seconds = 0;  // the interval's end, from the start of the run
  ChFreshness freshness;
};

// pg_stat_database_conflicts' counts of the run's database on a standby:
// the queries it cancelled to replay WAL, by the reason.
struct ChRecoveryConflicts {
  std::int64_t snapshot = 0;    // confl_snapshot: rows a query may see were vacuumed
  std::int64_t lock = 0;        // confl_lock: an ACCESS EXCLUSIVE lock replayed
  std::int64_t bufferpin = 0;   // confl_bufferpin: a page pinned while cleaned up
  std::int64_t deadlock = 0;    // confl_deadlock
  std::int64_t tablespace = 0;  // confl_tablespace: a dropped tablespace
};

// The counts at the end less those at the start.
ChRecoveryConflicts conflicts_delta(const ChRecoveryConflicts& start,
                                    const ChRecoveryConflicts& end);
std::int64_t conflicts_total(const ChRecoveryConflicts& conflicts);

// The streams of one server: the primary's, or standby k's.
struct ChServerFigures {
  std::string name;  // "primary", "standby 1"
  std::optional<ChFreshness> freshness;
  std::vector<ChFreshnessInterval> freshness_by_interval;
  // Standbys only (none when they could not be read):
  std::optional<ChRecoveryConflicts> conflicts;  // over the run
  std::optional<bool> hot_standby_feedback;      // SHOW on the standby at the start
  // With the feedback on: the growth over the run of the dead tuples of
  // TPC-C's tables on the primary (pg_stat_user_tables.n_dead_tup summed;
  // a vacuum in between takes them away, so it may be negative).
  std::optional<std::int64_t> primary_dead_tuples_growth;
};

}  // namespace tpcc
