// The snapshot of a loaded database: a template copy, <db>_tpcc_snapshot,
// that a run can put the database back to, so that repeats and sweeps start
// from the same state (docs/experiments.md), of any workload's load. The
// snapshot carries its identity (whose load, what was loaded, the row
// counts of its tables) as its
// database comment; a database without tpcc's identity is never dropped.
#pragma once

#include <memory>
#include <ostream>
#include <string>

#include <pqxx/connection>

#include "config/config.hpp"
#include "metrics/experiment.hpp"
#include "metrics/workload_tables.hpp"
#include "schema/kit_others.hpp"

namespace tpcc {

// A connection to the server's postgres database (template1 when the
// database is postgres itself, or postgres cannot be reached): CREATE and
// DROP DATABASE need one to another database than those they copy or drop.
// used, when given, gets its conninfo. UsageError when neither answers.
std::unique_ptr<pqxx::connection> connect_maintenance(const std::string& conninfo,
                                                      const std::string& database,
                                                      std::string* used = nullptr);

// <db>_tpcc_snapshot; UsageError when that is longer than an identifier may be.
std::string snapshot_database_name(const std::string& database);

// tpcc snapshot: copies the database config.conninfo names, holding the
// load of `tables` (TPC-C's: bmsql_config's). Refuses (UsageError, nothing
// done) a database without a complete load of tpcc's of that workload, one
// distributed by Citus, a role without CREATEDB, other sessions on the
// database, and an existing snapshot.
int create_snapshot(const Config& config, const WorkloadTables& tables, std::ostream& out);

// tpcc snapshot --drop: drops the snapshot if it carries tpcc's identity.
int drop_snapshot(const Config& config, std::ostream& out);

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
