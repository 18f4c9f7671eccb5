#include "experiment/snapshot_identity.hpp"

#include <ctime>

#include <nlohmann/json.hpp>

#include "config/json_text.hpp"
#include "experiment/database_copy.hpp"
#include "schema/schema.hpp"

namespace tpcc {
namespace {

// The marker in the snapshot's comment that tpcc made it.
constexpr const char* kTool = "tpcc";
// The snapshot's identity, readable from any database of the server.
constexpr const char* kSnapshotCommentSql =
    "select coalesce(shobj_description(oid, 'pg_database'), '') from pg_database "
    "where datname = $1";
constexpr const char* kMd5Sql = "select md5($1)";

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return text;
}

SnapshotIdentity started_identity(const std::string& workload, const std::string& database) {
  SnapshotIdentity id;
  id.workload = workload;
  id.source = database;
  id.name = snapshot_database_name(database);
  id.created_at = utc_now();
  return id;
}

// The row count of each of `tables` into id, and their digest.
void count_rows(pqxx::connection& conn, const std::vector<std::string>& tables,
                SnapshotIdentity& id) {
  pqxx::nontransaction tx(conn);
  std::string lines;
  for (const std::string& table : tables) {
    const auto rows =
        tx.exec1("select count(*) from " + tx.quote_name(table))[0].as<std::int64_t>();
    id.row_counts.emplace_back(table, rows);
    lines += table + "=" + std::to_string(rows) + "\n";
  }
  id.row_digest = tx.exec_params1(kMd5Sql, lines)[0].as<std::string>();
}

}  // namespace

std::string identity_text(const SnapshotIdentity& id) {
  nlohmann::ordered_json j;
  j["tool"] = kTool;
  j["tool_version"] = TPCC_VERSION;
  j["workload"] = id.workload;
  j["name"] = id.name;
  j["source"] = id.source;
  j["created_at"] = id.created_at;
  nlohmann::ordered_json layout = nlohmann::ordered_json::object();
  for (const auto& [key, value] : id.layout) layout[key] = value;
  j["layout"] = layout;
  nlohmann::ordered_json counts = nlohmann::ordered_json::object();
  for (const auto& [table, rows] : id.row_counts) counts[table] = rows;
  j["row_counts"] = counts;
  j["row_digest"] = id.row_digest;
  return json_text(j);
}

std::optional<SnapshotIdentity> parse_identity(const std::string& text) {
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object() || j.value("tool", std::string()) != kTool) {
    return std::nullopt;
  }
  try {
    SnapshotIdentity id;
    // Snapshots taken before other workloads had them are TPC-C's.
    id.workload = j.value("workload", std::string("tpcc"));
    id.name = j.at("name").get<std::string>();
    id.source = j.at("source").get<std::string>();
    id.created_at = j.at("created_at").get<std::string>();
    for (const auto& [key, value] : j.at("layout").items()) {
      id.layout.emplace_back(key, value.get<std::string>());
    }
    for (const auto& [table, rows] : j.at("row_counts").items()) {
      id.row_counts.emplace_back(table, rows.get<std::int64_t>());
    }
    id.row_digest = j.at("row_digest").get<std::string>();
    return id;
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
}

std::optional<std::string> snapshot_comment(pqxx::connection& conn, const std::string& snapshot) {
  pqxx::nontransaction tx(conn);
  const pqxx::result rows = tx.exec_params(kSnapshotCommentSql, snapshot);
  if (rows.empty()) return std::nullopt;
  return rows[0][0].as<std::string>();
}

SnapshotIdentity take_identity(pqxx::connection& conn, const RecordedLoad& load,
                               const std::string& database) {
  SnapshotIdentity id = started_identity("tpcc", database);
  for (const auto& [key, value] : load.values) id.layout.emplace_back(key, value);
  count_rows(conn, kAllTables, id);
  return id;
}

SnapshotIdentity take_identity(pqxx::connection& conn, const WorkloadTables& load,
                               const std::string& database) {
  SnapshotIdentity id = started_identity(load.workload, database);
  id.layout = load.layout;
  count_rows(conn, load.tables, id);
  return id;
}

std::string load_name(const std::string& workload) {
  return workload == "tpcc" ? std::string("TPC-C's load") : workload + "'s load";
}

}  // namespace tpcc
