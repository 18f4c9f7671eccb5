#include "experiment/conditioning.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>

#include <pqxx/pqxx>

#include "config/elapsed.hpp"
#include "config/errors.hpp"
#include "config/names.hpp"
#include "config/settings/values.hpp"
#include "config/table_storage.hpp"
#include "db/connect.hpp"
#include "experiment/owned_server.hpp"
#include "schema/schema.hpp"

namespace tpcc {
namespace {

// CHECKPOINT: superuser, or (15) a member of pg_checkpoint.
constexpr const char* kMayCheckpointSql =
    "select rolsuper or coalesce((select pg_has_role(current_user, oid, 'MEMBER') from pg_roles "
    "where rolname = 'pg_checkpoint'), false) from pg_roles where rolname = current_user";
constexpr const char* kPrewarmInstalledSql =
    "select count(*) from pg_extension where extname = 'pg_prewarm'";
constexpr const char* kPrewarmAvailableSql =
    "select count(*) from pg_available_extensions where name = 'pg_prewarm'";
// The kit's tables (their partitions included) and their indexes, in the
// current schema, read into shared buffers; the blocks read.
constexpr const char* kPrewarmSql =
    "select coalesce(sum(pg_prewarm(c.oid)), 0) from pg_class c "
    "left join pg_index i on i.indexrelid = c.oid left join pg_class t on t.oid = i.indrelid "
    "where c.relnamespace = to_regnamespace(current_schema())::oid and c.relkind in ('r', 'i') "
    "and (c.relname like 'bmsql\\_%' or t.relname like 'bmsql\\_%')";

// Another workload's: the tables its record names ($1, a comma list), their
// partitions and the indexes of both, in the current schema.
constexpr const char* kPrewarmTablesSql =
    "with recursive t as (select c.oid from pg_class c "
    "where c.relnamespace = to_regnamespace(current_schema())::oid "
    "and c.relname = any(string_to_array($1, ',')) "
    "union select h.inhrelid from pg_inherits h join t on h.inhparent = t.oid) "
    "select coalesce(sum(pg_prewarm(c.oid)), 0) from pg_class c where c.relkind in ('r', 'i') "
    "and (c.oid in (select oid from t) "
    "or c.oid in (select indexrelid from pg_index where indrelid in (select oid from t)))";

// Where a restart's pg_ctl and server output go, in the run's directory.
constexpr const char* kRestartLog = "server-restart.log";

bool contains(const std::vector<ConditionStep>& steps, ConditionStep step) {
  return std::find(steps.begin(), steps.end(), step) != steps.end();
}

// The tables prepare vacuums and analyzes: all of the kit's but those it
// leaves without statistics on purpose (config/table_storage.hpp), whose
// planner estimates VACUUM would change as much as ANALYZE.
std::string maintained_tables(std::string* left_out) {
  const auto& unanalyzed = tables_left_unanalyzed();
  std::string list;
  for (const std::string& table : kAllTables) {
    if (std::find(unanalyzed.begin(), unanalyzed.end(), table) != unanalyzed.end()) {
      *left_out += (left_out->empty() ? "" : ", ") + table;
      continue;
    }
    list += (list.empty() ? "" : ", ") + table;
  }
  return list;
}

std::string joined(const std::vector<std::string>& names, const char* separator) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : separator) + name;
  return text;
}

// vacuum and analyze's list of another workload's tables, quoted.
std::string recorded_tables(pqxx::connection& conn, const WorkloadTables& load) {
  std::string list;
  for (const std::string& table : load.tables) {
    list += (list.empty() ? "" : ", ") + conn.quote_name(table);
  }
  return list;
}

bool needs_tables(ConditionStep step) {
  return step == ConditionStep::Vacuum || step == ConditionStep::Analyze ||
         step == ConditionStep::Prewarm;
}

std::string prewarm(pqxx::connection& conn, const WorkloadTables& load) {
  pqxx::nontransaction tx(conn);
  if (tx.exec1(kPrewarmInstalledSql)[0].as<int>() == 0) {
    if (tx.exec1(kPrewarmAvailableSql)[0].as<int>() == 0) {
      return "skipped: the pg_prewarm extension is not installed on the server (contrib)";
    }
    try {
      tx.exec("create extension if not exists pg_prewarm");
    } catch (const pqxx::sql_error& e) {
      return std::string("skipped: create extension pg_prewarm failed: ") + e.what();
    }
  }
  if (load.is_tpcc()) {
    const auto blocks = tx.exec1(kPrewarmSql)[0].as<std::int64_t>();
    return std::to_string(blocks) + " blocks of the kit's tables and indexes read";
  }
  const auto blocks =
      tx.exec_params1(kPrewarmTablesSql, joined(load.tables, ","))[0].as<std::int64_t>();
  return std::to_string(blocks) + " blocks of " + load.record + "'s tables and indexes read";
}

// pg_ctl stop -m fast (a shutdown checkpoint), then a start with the
// server's last options, as the data directory's owner.
// A server that does not come back is lost to the run (ConnectError).
std::string restart(const DataDirServer& server, const std::string& log_file) {
  try {
    server.stop(log_file);
    server.start(log_file);
  } catch (const std::runtime_error& e) {
    throw ConnectError(std::string("--condition restart: ") + e.what());
  }
  return "pg_ctl stop -m fast and start -D " + server.data_dir() + " as " + server.owner() +
         " (server output: " + log_file + ")";
}

}  // namespace

void check_conditioning(const Config& config, const WorkloadTables& tables) {
  for (const ConditionStep step : config.condition) {
    if (!needs_tables(step) || tables.is_tpcc() || !tables.tables.empty()) continue;
    throw UsageError("--condition " + std::string(condition_step_name(step)) +
                     ": works on the tables the kit recorded for the workload (" +
                     std::string(workload_name(config)) + "), and the database has " +
                     (tables.record.empty() ? "no record of them" : "none in " + tables.record) +
                     ": nothing was done; load them with tpcc prepare first");
  }
  if (contains(config.condition, ConditionStep::Restart)) {
    open_connected_server(config.server_datadir, config.conninfo);
  }
  if (!contains(config.condition, ConditionStep::Checkpoint)) return;
  require_checkpoint_privilege(config.conninfo, "--condition checkpoint", "leave checkpoint out");
}

void require_checkpoint_privilege(const std::string& conninfo, const std::string& flag,
                                  const std::string& instead) {
  auto conn = connect(conninfo);
  pqxx::nontransaction tx(*conn);
  if (tx.exec1(kMayCheckpointSql)[0].as<bool>()) return;
  throw UsageError(flag +
                   ": this role may not run CHECKPOINT (superuser or a member of "
                   "pg_checkpoint): nothing was done; GRANT pg_checkpoint TO " +
                   std::string(conn->username()) + ", or " + instead);
}

std::vector<ConditioningStep> condition_database(const Config& config, const WorkloadTables& load,
                                                 const std::string& result_dir, std::ostream& out) {
  std::vector<ConditioningStep> steps;
  if (config.condition.empty()) return steps;
  auto conn = connect(config.conninfo);
  std::string left_out;
  const std::string tables =
      load.is_tpcc() ? maintained_tables(&left_out) : recorded_tables(*conn, load);
  const std::string maintained =
      load.is_tpcc()
          ? "the kit's tables but " + left_out + ", which prepare leaves without statistics"
          : "the tables of " + load.record + ": " + joined(load.tables, ", ");
  for (const ConditionStep step : config.condition) {
    const auto start = std::chrono::steady_clock::now();
    std::string detail;
    switch (step) {
      case ConditionStep::Vacuum:
      case ConditionStep::Analyze: {
        pqxx::nontransaction tx(*conn);
        tx.exec(std::string(step == ConditionStep::Vacuum ? "vacuum " : "analyze ") + tables);
        detail = maintained;
        break;
      }
      case ConditionStep::Checkpoint: {
        pqxx::nontransaction tx(*conn);
        tx.exec("checkpoint");
        break;
      }
      case ConditionStep::Restart: {
        // Checked by check_conditioning; opened again for the postmaster of now.
        const DataDirServer server = open_connected_server(config.server_datadir, config.conninfo);
        conn.reset();  // the fast shutdown would end it
        detail = restart(server, (std::filesystem::path(result_dir) / kRestartLog).string());
        conn = connect(config.conninfo);
        break;
      }
      case ConditionStep::Prewarm: detail = prewarm(*conn, load); break;
    }
    ConditioningStep done{std::string(condition_step_name(step)), seconds_since(start), detail};
    out << "  condition " << done.step << ": " << format_seconds(done.seconds) << " s"
        << (detail.empty() ? "" : " (" + detail + ")") << "\n";
    steps.push_back(std::move(done));
  }
  return steps;
}

}  // namespace tpcc
