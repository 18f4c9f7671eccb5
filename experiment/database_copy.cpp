#include "experiment/database_copy.hpp"

#include <pqxx/pqxx>

#include "config/conn/conninfo.hpp"
#include "config/elapsed.hpp"
#include "config/errors.hpp"
#include "db/connect.hpp"
#include "experiment/copy_strategy.hpp"
#include "experiment/snapshot_identity.hpp"
#include "loader/layout.hpp"

namespace tpcc {
namespace {

constexpr const char* kSnapshotSuffix = "_tpcc_snapshot";
// PostgreSQL's NAMEDATALEN - 1: a longer name would be cut, and two
// databases could share one snapshot name.
constexpr std::size_t kMaxIdentifier = 63;

// The database the connection reached, its owner, and whether this role may
// drop it.
constexpr const char* kWorkingDatabaseSql =
    "select d.datname, pg_get_userbyid(d.datdba), "
    "pg_has_role(d.datdba, 'MEMBER') or (select rolsuper from pg_roles where rolname = "
    "current_user) "
    "from pg_database d where d.datname = current_database()";
// CREATE DATABASE needs CREATEDB (or superuser).
constexpr const char* kMayCreateDatabasesSql =
    "select rolcreatedb or rolsuper from pg_roles where rolname = current_user";
// CREATE DATABASE ... TEMPLATE and DROP DATABASE fail while another client
// is connected to the database (the server ends autovacuum workers itself).
constexpr const char* kOtherSessionsSql =
    "select pid, coalesce(usename, ''), coalesce(application_name, ''), "
    "coalesce(client_addr::text, 'local') from pg_stat_activity "
    "where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend' "
    "order by pid";
constexpr const char* kDatabaseSizeSql = "select pg_database_size($1)";

}  // namespace

WorkingDatabase working_database(pqxx::connection& conn) {
  pqxx::nontransaction tx(conn);
  const pqxx::row row = tx.exec1(kWorkingDatabaseSql);
  return {row[0].as<std::string>(), row[1].as<std::string>(), row[2].as<bool>()};
}

void require_createdb(pqxx::connection& conn, const std::string& what) {
  pqxx::nontransaction tx(conn);
  if (tx.exec1(kMayCreateDatabasesSql)[0].as<bool>()) return;
  throw UsageError(what +
                   " creates databases, and this role lacks CREATEDB: nothing was done; "
                   "ALTER ROLE " +
                   std::string(conn.username()) +
                   " CREATEDB (as a superuser), or use a role "
                   "that has it");
}

void require_no_other_sessions(pqxx::connection& conn, const std::string& database,
                               const std::string& what) {
  pqxx::nontransaction tx(conn);
  const pqxx::result rows = tx.exec_params(kOtherSessionsSql, database);
  if (rows.empty()) return;
  std::string list;
  for (const auto& row : rows) {
    list += "\n  pid " + row[0].as<std::string>() + " user '" + row[1].as<std::string>() +
            "' application '" + row[2].as<std::string>() + "' from " + row[3].as<std::string>();
  }
  throw UsageError(what + ": " + std::to_string(rows.size()) +
                   " other session(s) are connected to database " + database +
                   ", and PostgreSQL copies or drops a database only when nobody is connected "
                   "to it: nothing was done; close them (psql, pools, a run still going) and "
                   "try again:" +
                   list);
}

RecordedLoad require_own_load(pqxx::connection& conn, const std::string& what) {
  const RecordedLoad load = read_recorded_load(conn);
  if (!load.seed || load.values.count(kConfigVersion) == 0) {
    throw UsageError(what +
                     ": the database's load was not made by tpcc prepare (bmsql_config has "
                     "no tpcc_seed and tpcc_version): tpcc copies and drops only its own "
                     "loads; nothing was done");
  }
  if (!load.complete) {
    throw UsageError(what +
                     ": the load is not complete (tpcc prepare did not finish); run tpcc "
                     "prepare again to finish it: nothing was done");
  }
  if (recorded_distribution(load) == Distribution::Citus) {
    throw UsageError(what + ": the load is distributed by Citus (" + describe_distribution(load) +
                     "); a snapshot copies only the coordinator's database, not the workers' "
                     "shards: nothing was done; load again with tpcc prepare instead");
  }
  return load;
}

void require_recorded_load(const WorkloadTables& load, const std::string& what) {
  if (load.tables.empty()) {
    throw UsageError(what + ": the database holds no " + load_name(load.workload) +
                     (load.record.empty() ? " (no " : " (no rows in ") +
                     (load.record.empty() ? "record of the kit's" : load.record) +
                     "): tpcc copies and drops only its own loads; nothing was done; load it "
                     "with tpcc prepare and the same workload first");
  }
  if (!load.complete) {
    throw UsageError(what + ": " + load_name(load.workload) +
                     " is not complete (tpcc prepare did not finish a table of " + load.record +
                     "); run tpcc prepare again to finish it: nothing was done");
  }
}

std::int64_t database_bytes(pqxx::connection& conn, const std::string& database) {
  pqxx::nontransaction tx(conn);
  return tx.exec_params1(kDatabaseSizeSql, database)[0].as<std::int64_t>();
}

std::string strategy_clause(const std::string& strategy) {
  return strategy.empty() ? std::string() : " strategy " + strategy;
}

std::string strategy_text(const std::string& strategy, std::int64_t bytes) {
  if (strategy.empty()) return "the server's only way (PostgreSQL before 15 has no STRATEGY)";
  return "STRATEGY " + strategy + ", " + copy_strategy_reason(bytes);
}

[[noreturn]] void rethrow_in_use(const pqxx::sql_error& e, const std::string& what) {
  if (e.sqlstate() == "55006") {
    throw UsageError(what + ": " + e.what() +
                     "; a session connected meanwhile: close it and try again");
  }
  throw;
}

std::unique_ptr<pqxx::connection> connect_maintenance(const std::string& conninfo,
                                                      const std::string& database,
                                                      std::string* used) {
  std::string failures;
  for (const char* name : {"postgres", "template1"}) {
    if (database == name) continue;
    const std::string target = set_conninfo_value(conninfo, "dbname", name);
    try {
      auto conn = connect(target);
      if (used != nullptr) *used = target;
      return conn;
    } catch (const ConnectError& e) {
      failures += std::string("\n  ") + e.what();
    }
  }
  throw UsageError("copying or dropping database " + database +
                   " needs a connection to another database of the same server (postgres or "
                   "template1), and neither could be reached: nothing was done" +
                   failures);
}

std::string snapshot_database_name(const std::string& database) {
  const std::string name = database + kSnapshotSuffix;
  if (name.size() > kMaxIdentifier) {
    throw UsageError("the snapshot of database " + database + " would be named " + name + " (" +
                     std::to_string(name.size()) + " bytes), longer than PostgreSQL's " +
                     std::to_string(kMaxIdentifier) +
                     "-byte names: nothing was done; use a database with a shorter name");
  }
  return name;
}

}  // namespace tpcc
