// tpcc run --restore: the working database dropped and created again from
// its snapshot (experiment/snapshot.hpp), planned and refused before
// anything is dropped.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "metrics/experiment.hpp"
#include "metrics/workload_tables.hpp"
#include "schema/kit_others.hpp"

namespace tpcc {

// What restore_snapshot() will do, found before anything is done: throws
// UsageError naming the reason and what to do when it cannot work.
struct RestorePlan {
  std::string database;
  std::string owner;
  std::string snapshot;
  SnapshotIdentity identity;
  // ALTER DATABASE / ALTER ROLE ... IN DATABASE statements that give the
  // re-created database the settings the dropped one had.
  std::vector<std::string> settings_statements;
  // The database's comment (a sweep's load carries the kit's mark in it),
  // given back too; empty when it had none.
  std::string comment;
  std::string maintenance_conninfo;  // the same server's postgres (or template1)
  std::int64_t snapshot_bytes = 0;
  // The objects of the database tpcc did not create, which the restore
  // drops with it (only with --restore-drop-others; refused otherwise).
  std::vector<OtherObject> others;
};
// tables: the run's workload's load as the database holds it now; a
// snapshot of another workload's load, or (but for TPC-C) of another load
// than this one, is refused naming both. A database holding objects tpcc
// did not create (not TPC-C's, not the workload's recorded tables) is
// refused listing them, unless config.restore_drop_others.
RestorePlan plan_restore(const Config& config, const WorkloadTables& tables);

// tpcc run --restore: drops the database and creates it again from its
// snapshot, as plan_restore() found them; prints how long it took.
SnapshotRestore restore_snapshot(const RestorePlan& plan, std::ostream& out);

}  // namespace tpcc
