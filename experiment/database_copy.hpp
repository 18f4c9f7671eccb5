// What taking a snapshot and restoring one share: the database a
// connection reached and whether this role may copy and drop it, the
// refusals that come before either (no CREATEDB, other sessions, a load
// tpcc did not make or did not finish), the connection to another database
// of the same server that CREATE and DROP DATABASE need, and the copy's
// strategy clause.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include <pqxx/connection>
#include <pqxx/except>

#include "loader/load_state.hpp"
#include "metrics/workload_tables.hpp"

namespace tpcc {

// The database the connection reached, its owner, and whether this role
// may drop it (a member of the owner's role, or a superuser).
struct WorkingDatabase {
  std::string name;
  std::string owner;
  bool may_drop = false;
};
WorkingDatabase working_database(pqxx::connection& conn);

// UsageError naming `what` when this role lacks CREATEDB.
void require_createdb(pqxx::connection& conn, const std::string& what);
// UsageError listing them when other clients are connected to `database`:
// PostgreSQL copies or drops a database only when nobody is.
void require_no_other_sessions(pqxx::connection& conn, const std::string& database,
                               const std::string& what);
// TPC-C's load: tpcc's own (bmsql_config rows only tpcc writes), complete,
// and not spread over Citus workers, which CREATE DATABASE on the
// coordinator does not copy. UsageError otherwise.
RecordedLoad require_own_load(pqxx::connection& conn, const std::string& what);
// Another workload's load: the kit's record of it must name tables, each
// finished by prepare. UsageError otherwise.
void require_recorded_load(const WorkloadTables& load, const std::string& what);

// A connection to the server's postgres database (template1 when the
// database is postgres itself, or postgres cannot be reached): CREATE and
// DROP DATABASE need one to another database than those they copy or drop.
// used, when given, gets its conninfo. UsageError when neither answers.
std::unique_ptr<pqxx::connection> connect_maintenance(const std::string& conninfo,
                                                      const std::string& database,
                                                      std::string* used = nullptr);

// <db>_tpcc_snapshot; UsageError when that is longer than an identifier may be.
std::string snapshot_database_name(const std::string& database);

std::int64_t database_bytes(pqxx::connection& conn, const std::string& database);
// " strategy <s>" for CREATE DATABASE, or nothing before PostgreSQL 15.
std::string strategy_clause(const std::string& strategy);
// The strategy and why, for the line that says how long the copy took.
std::string strategy_text(const std::string& strategy, std::int64_t bytes);
// "object in use" (55006): someone connected between the check and the
// statement; a UsageError saying so. Any other error is rethrown.
[[noreturn]] void rethrow_in_use(const pqxx::sql_error& e, const std::string& what);

}  // namespace tpcc
