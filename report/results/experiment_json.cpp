#include "report/results/experiment_json.hpp"

#include "config/conn/mask.hpp"
#include "report/results/json_round.hpp"

namespace tpcc {

using Json = nlohmann::ordered_json;

Json snapshot_json(const std::optional<SnapshotRestore>& restore) {
  if (!restore) return nullptr;
  const SnapshotIdentity& id = restore->identity;
  Json layout = Json::object();
  for (const auto& [key, value] : id.layout) layout[key] = value;
  Json counts = Json::object();
  for (const auto& [table, rows] : id.row_counts) counts[table] = rows;
  return {{"name", id.name},
          {"workload", id.workload},
          {"source", id.source},
          {"created_at", id.created_at},
          {"layout", layout},
          {"row_counts", counts},
          {"row_digest", id.row_digest},
          {"restore_seconds", round_to(restore->seconds, 3)},
          {"strategy", restore->strategy.empty() ? Json(nullptr) : Json(restore->strategy)}};
}

Json conditioning_json(const std::vector<ConditioningStep>& steps) {
  Json list = Json::array();
  for (const ConditioningStep& s : steps) {
    list.push_back({{"step", s.step}, {"seconds", round_to(s.seconds, 3)}, {"detail", s.detail}});
  }
  return list;
}

Json environment_json(const Environment& env) {
  if (!env.collected) return nullptr;
  Json settings = Json::array();
  for (const ServerSetting& s : env.settings) {
    settings.push_back({{"name", s.name},
                        {"setting", mask_setting(s.name, s.setting)},
                        {"unit", s.unit},
                        {"source", s.source}});
  }
  Json extensions = Json::object();
  for (const auto& [name, version] : env.extensions) extensions[name] = version;
  auto text_or_null = [](const std::string& s) { return s.empty() ? Json(nullptr) : Json(s); };
  return {
      {"server",
       {{"version", env.server_version},
        {"database_bytes", env.database_bytes},
        {"on_this_host", env.server_on_this_host ? Json(*env.server_on_this_host) : Json(nullptr)},
        {"settings", settings},
        {"extensions", extensions}}},
      {"client",
       {{"hostname", env.hostname},
        {"cpu_model", text_or_null(env.cpu_model)},
        {"cpus", env.cpus},
        {"cpu_mhz", round_to(env.cpu_mhz, 1)},
        {"memory_kb", env.memory_kb},
        {"kernel", env.kernel},
        {"transparent_hugepages", text_or_null(env.transparent_hugepages)},
        {"cpu_governor", text_or_null(env.cpu_governor)}}},
      {"tool",
       {{"version", env.tool.version},
        {"commit", env.tool.commit},
        {"modified", env.tool.modified},
        {"build_type", env.tool.build_type},
        {"compiler", env.tool.compiler},
        {"libpq", env.tool.libpq},
        {"libpqxx", env.tool.libpqxx},
        {"boost", env.tool.boost}}},
      {"label", text_or_null(env.label)},
      {"notes", text_or_null(env.notes)}};
}

Json preflight_json(const std::vector<PreflightFinding>& findings) {
  Json list = Json::array();
  for (const PreflightFinding& f : findings) {
    list.push_back({{"check", f.check}, {"severity", f.severity}, {"text", f.text}});
  }
  return list;
}

namespace {

std::string text_at(const nlohmann::json& j, const char* key) {
  const auto it = j.find(key);
  return it == j.end() || !it->is_string() ? std::string() : it->get<std::string>();
}

}  // namespace

ExperimentRecord experiment_from_json(const nlohmann::json& result) {
  ExperimentRecord record;
  const nlohmann::json snapshot = result.value("snapshot", nlohmann::json());
  if (snapshot.is_object()) {
    SnapshotRestore restore;
    restore.identity.name = text_at(snapshot, "name");
    restore.identity.source = text_at(snapshot, "source");
    // Results from before other workloads had snapshots: TPC-C's.
    restore.identity.workload = snapshot.value("workload", std::string("tpcc"));
    restore.identity.created_at = text_at(snapshot, "created_at");
    restore.identity.row_digest = text_at(snapshot, "row_digest");
    // Held here: items() refers to the value, which must outlive the loop.
    const nlohmann::json layout = snapshot.value("layout", nlohmann::json::object());
    const nlohmann::json counts = snapshot.value("row_counts", nlohmann::json::object());
    for (const auto& [key, value] : layout.items()) {
      restore.identity.layout.emplace_back(key, value.is_string() ? value.get<std::string>() : "");
    }
    for (const auto& [table, rows] : counts.items()) {
      restore.identity.row_counts.emplace_back(table, rows.get<std::int64_t>());
    }
    restore.strategy = text_at(snapshot, "strategy");
    restore.seconds = snapshot.value("restore_seconds", 0.0);
    record.snapshot = restore;
  }
  for (const auto& step : result.value("conditioning", nlohmann::json::array())) {
    record.conditioning.push_back(
        {text_at(step, "step"), step.value("seconds", 0.0), text_at(step, "detail")});
  }
  const nlohmann::json env = result.value("environment", nlohmann::json());
  if (!env.is_object()) return record;
  Environment& e = record.environment;
  e.collected = true;
  const nlohmann::json server = env.value("server", nlohmann::json::object());
  e.server_version = text_at(server, "version");
  e.database_bytes = server.value("database_bytes", std::int64_t{0});
  for (const auto& s : server.value("settings", nlohmann::json::array())) {
    // Results of versions that kept primary_conninfo's password: masked
    // here, so that no page or console line drawn from them shows it.
    const std::string name = text_at(s, "name");
    e.settings.push_back({name, mask_setting(name, text_at(s, "setting")), text_at(s, "unit"),
                          text_at(s, "source")});
  }
  const nlohmann::json extensions = server.value("extensions", nlohmann::json::object());
  for (const auto& [name, version] : extensions.items()) {
    e.extensions.emplace_back(name, version.is_string() ? version.get<std::string>() : "");
  }
  const nlohmann::json client = env.value("client", nlohmann::json::object());
  e.hostname = text_at(client, "hostname");
  e.cpu_model = text_at(client, "cpu_model");
  e.cpus = client.value("cpus", 0);
  e.cpu_mhz = client.value("cpu_mhz", 0.0);
  e.memory_kb = client.value("memory_kb", std::int64_t{0});
  e.kernel = text_at(client, "kernel");
  e.transparent_hugepages = text_at(client, "transparent_hugepages");
  e.cpu_governor = text_at(client, "cpu_governor");
  const nlohmann::json tool = env.value("tool", nlohmann::json::object());
  // Results of an older tpcc name only the version and the build type.
  e.tool.version = text_at(tool, "version");
  e.tool.commit = text_at(tool, "commit");
  e.tool.modified = tool.value("modified", false);
  e.tool.build_type = text_at(tool, "build_type");
  e.tool.compiler = text_at(tool, "compiler");
  e.tool.libpq = text_at(tool, "libpq");
  e.tool.libpqxx = text_at(tool, "libpqxx");
  e.tool.boost = text_at(tool, "boost");
  e.label = text_at(env, "label");
  e.notes = text_at(env, "notes");
  return record;
}

}  // namespace tpcc
