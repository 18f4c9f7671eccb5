// What a mixed run's analytic streams on standbys (--ch-on standby) cost
// in recovery (docs/ch.md "Recovery conflicts on standbys"): each
// standby's pg_stat_database_conflicts for the run's database and its
// hot_standby_feedback, read as the run starts and ends, and, while a
// feedback is on, the dead tuples of TPC-C's tables on the primary (the
// vacuum the standby's queries hold back there).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "workloads/ch/metrics/ch_freshness.hpp"

namespace tpcc {

struct StandbyConflictReading {
  ChRecoveryConflicts conflicts;
  bool hot_standby_feedback = false;
};

// Reads one standby; none when it cannot be read (the run goes on).
std::optional<StandbyConflictReading> read_standby_conflicts(const std::string& standby);

// The sum of n_dead_tup of TPC-C's tables (and their partitions) on the
// primary; none when it cannot be read.
std::optional<std::int64_t> read_primary_dead_tuples(const std::string& primary);

// The readings of a run's start, and its end made into each standby's
// figures ("standby k").
class StandbyConflictWatch {
 public:
  StandbyConflictWatch(std::string primary, std::vector<std::string> standbys);
  void start();
  std::vector<ChServerFigures> finish() const;

 private:
  std::string primary_;
  std::vector<std::string> standbys_;
  std::vector<std::optional<StandbyConflictReading>> start_;
  std::optional<std::int64_t> dead_tuples_start_;
};

}  // namespace tpcc
