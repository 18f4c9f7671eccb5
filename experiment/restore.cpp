#include "experiment/restore.hpp"

#include <chrono>

#include <pqxx/pqxx>

#include "config/elapsed.hpp"
#include "config/errors.hpp"
#include "config/names.hpp"
#include "config/settings/values.hpp"
#include "db/connect.hpp"
#include "experiment/copy_strategy.hpp"
#include "experiment/database_copy.hpp"
#include "experiment/snapshot_identity.hpp"

namespace tpcc {
namespace {

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
    tx.exec("drop database " + conn->quote_name(plan.database));
  } catch (const pqxx::sql_error& e) {
    rethrow_in_use(e, what);
  }
  const std::string create = "create database " + conn->quote_name(plan.database) + " template " +
                             conn->quote_name(plan.snapshot) + " owner " +
                             conn->quote_name(plan.owner) + strategy_clause(restore.strategy);
  try {
    tx.exec(create);
  } catch (const std::exception& e) {
    throw std::runtime_error("--restore dropped database " + plan.database +
                             " but could not create it again from " + plan.snapshot + ": " +
                             e.what() + "; create it yourself with: " + create);
  }
  for (const std::string& statement : plan.settings_statements) tx.exec(statement);
  if (!plan.comment.empty()) {
    tx.exec("comment on database " + conn->quote_name(plan.database) + " is " +
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
