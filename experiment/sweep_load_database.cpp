#include "experiment/sweep_load_database.hpp"

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "config/errors.hpp"
#include "config/json_text.hpp"
#include "experiment/database_copy.hpp"
#include "experiment/snapshot_identity.hpp"

namespace tpcc {
namespace {

using Json = nlohmann::json;

// The comment's kind: what tells a database of the kit's from one of the
// same name someone else made.
constexpr const char* kLoadKind = "tpcc sweep load";
// CREATE DATABASE needs CREATEDB (or superuser); asked first, for a clear
// refusal before anything is made.
constexpr const char* kMayCreateDatabasesSql =
    "select rolcreatedb or rolsuper from pg_roles where rolname = current_user";
// PostgreSQL's NAMEDATALEN - 1: a longer name would be cut short.
constexpr std::size_t kMaxIdentifier = 63;

bool kit_mark(const std::string& comment) {
  try {
    const Json j = Json::parse(comment);
    return j.is_object() && j.value("kind", "") == kLoadKind;
  } catch (const Json::exception&) {
    return false;
  }
}

}  // namespace

LoadDatabaseState load_database_state(const std::string& conninfo, const std::string& name) {
  auto maintenance = connect_maintenance(conninfo, name);
  const auto comment = snapshot_comment(*maintenance, name);
  if (!comment) return LoadDatabaseState::Absent;
  return kit_mark(*comment) ? LoadDatabaseState::Kit : LoadDatabaseState::NotKit;
}

bool load_database_ready(const std::string& conninfo, const std::string& name) {
  if (load_database_state(conninfo, name) != LoadDatabaseState::Kit) return false;
  auto maintenance = connect_maintenance(conninfo, name);
  const auto snapshot = snapshot_comment(*maintenance, snapshot_database_name(name));
  return snapshot && parse_identity(*snapshot);
}

void require_load_database_name(const std::string& name, const std::string& load) {
  if (name.size() > kMaxIdentifier) {
    throw UsageError("--vary " + load + ": its database would be named " + name + " (" +
                     std::to_string(name.size()) + " bytes), longer than PostgreSQL's " +
                     std::to_string(kMaxIdentifier) +
                     "-byte names: nothing was done; use a working database with a shorter name");
  }
  try {
    snapshot_database_name(name);
  } catch (const UsageError& e) {
    throw UsageError("--vary " + load + ": " + e.what());
  }
}

void create_load_database(const std::string& conninfo, const std::string& name,
                          const std::string& source, const std::string& load) {
  auto maintenance = connect_maintenance(conninfo, name);
  pqxx::nontransaction tx(*maintenance);
  if (!tx.exec1(kMayCreateDatabasesSql)[0].as<bool>()) {
    throw UsageError("--vary " + load + ": a sweep over loads creates a database for each, and " +
                     "the role lacks CREATEDB: nothing was done");
  }
  const Json mark = {{"kind", kLoadKind}, {"source", source}, {"load", load}};
  tx.exec("create database " + maintenance->quote_name(name));
  tx.exec("comment on database " + maintenance->quote_name(name) + " is " +
          tx.quote(json_text(mark)));
}

void drop_load_database(const std::string& conninfo, const std::string& name) {
  auto maintenance = connect_maintenance(conninfo, name);
  const std::string snapshot = snapshot_database_name(name);
  pqxx::nontransaction tx(*maintenance);
  const auto snapshot_mark = snapshot_comment(*maintenance, snapshot);
  if (snapshot_mark && parse_identity(*snapshot_mark)) {
    tx.exec("drop database " + maintenance->quote_name(snapshot));
  }
  const auto mark = snapshot_comment(*maintenance, name);
  if (mark && kit_mark(*mark)) tx.exec("drop database " + maintenance->quote_name(name));
}

}  // namespace tpcc
