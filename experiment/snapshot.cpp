#include "experiment/snapshot.hpp"

#include <chrono>

#include <pqxx/pqxx>

#include "config/elapsed.hpp"
#include "config/errors.hpp"
#include "config/settings/values.hpp"
#include "db/connect.hpp"
#include "experiment/copy_strategy.hpp"
#include "experiment/database_copy.hpp"
#include "experiment/snapshot_identity.hpp"

namespace tpcc {
namespace {

std::string megabytes(std::int64_t bytes) {
  constexpr std::int64_t kMegabyte = 1024 * 1024;
  return std::to_string((bytes + kMegabyte / 2) / kMegabyte) + " MB";
}

}  // namespace

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
    tx.exec("create database " + maintenance->quote_name(identity.name) + " template " +
            maintenance->quote_name(database) + strategy_clause(strategy));
  } catch (const pqxx::sql_error& e) {
    rethrow_in_use(e, what);
  }
  tx.exec("comment on database " + maintenance->quote_name(identity.name) + " is " +
          tx.quote(identity_text(identity)));
  // Nobody works in the snapshot by mistake, and a restore never finds
  // it busy.
  tx.exec("alter database " + maintenance->quote_name(identity.name) +
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
  tx.exec("drop database " + maintenance->quote_name(snapshot));
  out << "snapshot " << snapshot << " of " << database << " dropped\n";
  return kExitOk;
}

}  // namespace tpcc
