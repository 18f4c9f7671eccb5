#include "experiment/snapshot.hpp"

#include <chrono>
#include <sstream>

#include <pqxx/pqxx>

#include "config/conn/conninfo.hpp"
#include "config/errors.hpp"
#include "config/names.hpp"
#include "config/settings/values.hpp"
#include "db/connect.hpp"
#include "experiment/copy_strategy.hpp"
#include "experiment/snapshot_identity.hpp"
#include "loader/layout.hpp"
#include "loader/load_state.hpp"

namespace tpcc {
namespace {

constexpr const char* kSnapshotSuffix = "_tpcc_snapshot";
// PostgreSQL's NAMEDATALEN - 1: a longer name would be cut, and two
// databases could share one snapshot name.
constexpr std::size_t kMaxIdentifier = 63;

// The database the connection reached, its owner, and whether this role may
// drop it (a member of the owner's role, or a superuser).
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
// The settings ALTER DATABASE SET and ALTER ROLE ... IN DATABASE gave the
// database: dropping it drops them, so the restore gives them back.
constexpr const char* kDatabaseSettingsSql =
    "select coalesce(r.rolname, ''), c.item from pg_db_role_setting s "
    "left join pg_roles r on r.oid = s.setrole, unnest(s.setconfig) as c(item) "
    "where s.setdatabase = (select oid from pg_database where datname = current_database()) "
    "order by 1, 2";

// Settings whose values are lists of quoted names: their stored text is
// already SQL list syntax ("$user", public) and is given back as it is.
constexpr const char* kListSettings[] = {"search_path", "temp_tablespaces",
                                         "session_preload_libraries", "local_preload_libraries"};

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::string megabytes(std::int64_t bytes) {
  constexpr std::int64_t kMegabyte = 1024 * 1024;
  return std::to_string((bytes + kMegabyte / 2) / kMegabyte) + " MB";
}

struct WorkingDatabase {
  std::string name;
  std::string owner;
  bool may_drop = false;
};

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

// The load must be tpcc's own (bmsql_config rows only tpcc writes) and
// complete, and not spread over Citus workers, which CREATE DATABASE on the
// coordinator does not copy.
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

// Another workload's load: the kit's record of it must name tables, each
// finished by prepare.
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

std::string layout_text(const std::vector<std::pair<std::string, std::string>>& layout) {
  std::string text;
  for (const auto& [table, options] : layout) {
    text += (text.empty() ? "" : "; ") + table + (options.empty() ? "" : " " + options);
  }
  return text.empty() ? "no tables" : text;
}

// The snapshot must be of the run's workload's load, and (but for TPC-C's,
// whose load bmsql_config names) of the load the database holds now.
void require_same_load(const SnapshotIdentity& identity, const WorkloadTables& load,
                       const Config& config, const std::string& what) {
  if (identity.workload != load.workload) {
    throw UsageError(
        what + ": snapshot " + identity.name + " is a copy of " + load_name(identity.workload) +
        ", and the run's workload is " + std::string(workload_name(config)) + " (" +
        load_name(load.workload) + "): nothing was done; run " + identity.workload +
        "'s workload instead, or drop the snapshot (tpcc snapshot --drop) and take one "
        "of this load (tpcc snapshot --workload " +
        std::string(workload_name(config)) + ")");
  }
  if (load.is_tpcc() || identity.layout == load.layout) return;
  throw UsageError(what + ": snapshot " + identity.name + " is a copy of another " +
                   load_name(load.workload) + " than the database holds now (snapshot: " +
                   layout_text(identity.layout) + "; now: " + layout_text(load.layout) +
                   "): nothing was done; drop the snapshot (tpcc snapshot --drop) and take one "
                   "of this load");
}

std::string quoted_name(pqxx::connection& conn, const std::string& name) {
  return conn.quote_name(name);
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

// "object in use": someone connected between the check and the statement.
[[noreturn]] void rethrow_in_use(const pqxx::sql_error& e, const std::string& what) {
  if (e.sqlstate() == "55006") {
    throw UsageError(what + ": " + e.what() +
                     "; a session connected meanwhile: close it and try again");
  }
  throw;
}

std::vector<std::string> settings_statements(pqxx::connection& conn, const std::string& database) {
  std::vector<std::string> out;
  pqxx::nontransaction tx(conn);
  for (const auto& row : tx.exec(kDatabaseSettingsSql)) {
    const std::string role = row[0].as<std::string>();
    const std::string item = row[1].as<std::string>();
    const auto eq = item.find('=');
    if (eq == std::string::npos) continue;
    const std::string name = item.substr(0, eq);
    const std::string value = item.substr(eq + 1);
    bool list = false;
    for (const char* l : kListSettings) list = list || name == l;
    const std::string target = role.empty() ? "alter database " + conn.quote_name(database)
                                            : "alter role " + conn.quote_name(role) +
                                                  " in database " + conn.quote_name(database);
    out.push_back(target + " set " + conn.quote_name(name) + " to " +
                  (list ? value : tx.quote(value)));
  }
  return out;
}

// The objects of the working database tpcc did not create: TPC-C's are
// the kit's whatever the run's workload, and so are the tables the
// workload's record names and its bookkeeping tables.
std::vector<OtherObject> objects_not_the_kits(pqxx::connection& conn,
                                              const WorkloadTables& tables) {
  KitObjects kit = tpcc_objects();
  kit.tables.insert(kit.tables.end(), tables.tables.begin(), tables.tables.end());
  kit.tables.insert(kit.tables.end(), tables.bookkeeping.begin(), tables.bookkeeping.end());
  pqxx::read_transaction tx(conn);
  return objects_of_others(tx, kit);
}

std::string objects_text(const std::vector<OtherObject>& objects) {
  std::string text;
  for (const OtherObject& o : objects)
    text += (text.empty() ? "" : ", ") + o.type + " " + o.identity;
  return text;
}

}  // namespace

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

int create_snapshot(const Config& config, const WorkloadTables& tables, std::ostream& out) {
  const std::string what = "tpcc snapshot";
  std::string database;
  SnapshotIdentity identity;
  {
    auto conn = connect(config.conninfo);
    const WorkingDatabase working = working_database(*conn);
    database = working.name;
    RecordedLoad load;
    if (tables.is_tpcc()) {
      load = require_own_load(*conn, what);
    } else {
      require_recorded_load(tables, what);
    }
    require_createdb(*conn, what);
    const std::string snapshot = snapshot_database_name(database);
    if (const auto comment = snapshot_comment(*conn, snapshot)) {
      const auto existing = parse_identity(*comment);
      throw UsageError(
          what + ": database " + snapshot + " exists already" +
          (existing ? " (tpcc's snapshot of " + existing->source + ", taken " +
                          existing->created_at + ")"
                    : " and is not tpcc's") +
          ": nothing was done; " +
          (existing ? "remove it first with tpcc snapshot --drop" : "rename or drop it yourself"));
    }
    require_no_other_sessions(*conn, database, what);
    if (tables.is_tpcc()) {
      out << "counting the rows of the ten tables for the snapshot's identity...\n";
      identity = take_identity(*conn, load, database);
    } else {
      out << "counting the rows of the " << tables.tables.size() << " tables of "
          << load_name(tables.workload) << " for the snapshot's identity...\n";
      identity = take_identity(*conn, tables, database);
    }
  }
  // The copy needs the source free of sessions, this one included.
  auto maintenance = connect_maintenance(config.conninfo, database);
  require_no_other_sessions(*maintenance, database, what);
  const std::int64_t bytes = database_bytes(*maintenance, database);
  const std::string strategy = copy_strategy(maintenance->server_version(), bytes);
  pqxx::nontransaction tx(*maintenance);
  const auto start = std::chrono::steady_clock::now();
  try {
    tx.exec("create database " + quoted_name(*maintenance, identity.name) + " template " +
            quoted_name(*maintenance, database) + strategy_clause(strategy));
  } catch (const pqxx::sql_error& e) {
    rethrow_in_use(e, what);
  }
  tx.exec("comment on database " + quoted_name(*maintenance, identity.name) + " is " +
          tx.quote(identity_text(identity)));
  // Nobody works in the snapshot by mistake, and a restore never finds
  // it busy.
  tx.exec("alter database " + quoted_name(*maintenance, identity.name) +
          " with allow_connections false");
  const double seconds = seconds_since(start);
  out << "snapshot " << identity.name << " of " << database
      << (tables.is_tpcc() ? "" : " (" + load_name(tables.workload) + ")") << " ("
      << megabytes(bytes) << ") created in " << format_seconds(seconds) << " s ("
      << strategy_text(strategy, bytes) << ")\n"
      << "  rows: ";
  for (std::size_t i = 0; i < identity.row_counts.size(); ++i) {
    out << (i == 0 ? "" : ", ") << identity.row_counts[i].first << " "
        << identity.row_counts[i].second;
  }
  out << "\n  row digest: " << identity.row_digest << "\n"
      << "tpcc run --restore puts " << database << " back to this state before a run\n";
  return kExitOk;
}

int drop_snapshot(const Config& config, std::ostream& out) {
  const std::string what = "tpcc snapshot --drop";
  std::string database;
  {
    auto conn = connect(config.conninfo);
    database = working_database(*conn).name;
  }
  const std::string snapshot = snapshot_database_name(database);
  auto maintenance = connect_maintenance(config.conninfo, database);
  const auto comment = snapshot_comment(*maintenance, snapshot);
  if (!comment) {
    throw UsageError(what + ": database " + database + " has no snapshot (no database " + snapshot +
                     "): nothing to drop");
  }
  if (!parse_identity(*comment)) {
    throw UsageError(what + ": database " + snapshot +
                     " does not carry tpcc's snapshot identity (its comment), so tpcc did not "
                     "make it: nothing was dropped");
  }
  pqxx::nontransaction tx(*maintenance);
  tx.exec("drop database " + quoted_name(*maintenance, snapshot));
  out << "snapshot " << snapshot << " of " << database << " dropped\n";
  return kExitOk;
}

RestorePlan plan_restore(const Config& config, const WorkloadTables& tables) {
  const std::string what = "--restore";
  RestorePlan plan;
  auto conn = connect(config.conninfo);
  const WorkingDatabase working = working_database(*conn);
  plan.database = working.name;
  plan.owner = working.owner;
  plan.snapshot = snapshot_database_name(plan.database);
  if (tables.is_tpcc()) {
    require_own_load(*conn, what);
  } else {
    require_recorded_load(tables, what);
  }
  const auto comment = snapshot_comment(*conn, plan.snapshot);
  if (!comment) {
    throw UsageError(what + ": database " + plan.database + " has no snapshot (no database " +
                     plan.snapshot +
                     "): nothing was done; take one after tpcc prepare with tpcc snapshot");
  }
  const auto identity = parse_identity(*comment);
  if (!identity || identity->source != plan.database) {
    throw UsageError(what + ": database " + plan.snapshot +
                     " does not carry tpcc's identity of a snapshot of " + plan.database +
                     " (its comment), so it is not one tpcc made: nothing was done");
  }
  require_same_load(*identity, tables, config, what);
  plan.identity = *identity;
  // The restore drops the whole database: what tpcc did not create in it
  // would go without a word (the snapshot puts back only what it holds).
  plan.others = objects_not_the_kits(*conn, tables);
  if (!plan.others.empty() && !config.restore_drop_others) {
    throw UsageError(what + ": database " + plan.database + " holds " +
                     std::to_string(plan.others.size()) +
                     " object(s) tpcc did not create, which the restore would drop with it (the "
                     "snapshot puts back only what it holds): " +
                     objects_text(plan.others) +
                     "; nothing was done. Move them to another database, or give "
                     "--restore-drop-others to drop them");
  }
  require_createdb(*conn, what);
  if (!working.may_drop) {
    throw UsageError(what + ": only the owner of database " + plan.database + " (" + plan.owner +
                     ") or a superuser may drop it, which a restore does: nothing was done");
  }
  require_no_other_sessions(*conn, plan.database, what);
  plan.settings_statements = settings_statements(*conn, plan.database);
  plan.comment = snapshot_comment(*conn, plan.database).value_or("");
  plan.snapshot_bytes = database_bytes(*conn, plan.snapshot);
  conn.reset();
  // Reached now, so that a server without postgres and template1 is
  // refused before the database is dropped.
  connect_maintenance(config.conninfo, plan.database, &plan.maintenance_conninfo);
  return plan;
}

SnapshotRestore restore_snapshot(const RestorePlan& plan, std::ostream& out) {
  const std::string what = "--restore";
  auto conn = connect(plan.maintenance_conninfo);
  require_no_other_sessions(*conn, plan.database, what);
  SnapshotRestore restore;
  restore.identity = plan.identity;
  restore.strategy = copy_strategy(conn->server_version(), plan.snapshot_bytes);
  pqxx::nontransaction tx(*conn);
  const auto start = std::chrono::steady_clock::now();
  try {
    tx.exec("drop database " + quoted_name(*conn, plan.database));
  } catch (const pqxx::sql_error& e) {
    rethrow_in_use(e, what);
  }
  const std::string create = "create database " + quoted_name(*conn, plan.database) + " template " +
                             quoted_name(*conn, plan.snapshot) + " owner " +
                             quoted_name(*conn, plan.owner) + strategy_clause(restore.strategy);
  try {
    tx.exec(create);
  } catch (const std::exception& e) {
    throw std::runtime_error("--restore dropped database " + plan.database +
                             " but could not create it again from " + plan.snapshot + ": " +
                             e.what() + "; create it yourself with: " + create);
  }
  for (const std::string& statement : plan.settings_statements) tx.exec(statement);
  if (!plan.comment.empty()) {
    tx.exec("comment on database " + quoted_name(*conn, plan.database) + " is " +
            tx.quote(plan.comment));
  }
  restore.seconds = seconds_since(start);
  if (!plan.others.empty()) {
    out << "--restore-drop-others: dropped with " << plan.database << " " << plan.others.size()
        << " object(s) tpcc did not create: " << objects_text(plan.others) << "\n";
  }
  out << "restored " << plan.database << " from snapshot " << plan.snapshot << " (taken "
      << plan.identity.created_at << ", row digest " << plan.identity.row_digest << ") in "
      << format_seconds(restore.seconds) << " s ("
      << strategy_text(restore.strategy, plan.snapshot_bytes) << ")\n";
  return restore;
}

}  // namespace tpcc
