#include "report/views/environment_compare.hpp"

#include <map>
#include <set>

namespace tpcc {
namespace {

using Values = std::map<std::string, std::string>;

std::string snapshot_text(const std::optional<SnapshotRestore>& restore) {
  if (!restore) return "none (no --restore)";
  return restore->identity.name + " taken " + restore->identity.created_at + ", row digest " +
         restore->identity.row_digest;
}

std::string conditioning_text(const std::vector<ConditioningStep>& steps) {
  if (steps.empty()) return "none";
  std::string out;
  for (const ConditioningStep& s : steps) out += (out.empty() ? "" : ",") + s.step;
  return out;
}

// One run's items; the order of the keys is the order of kFixed and then
// the settings and extensions by name.
Values values_of(const ExperimentRecord& r) {
  Values v;
  v["snapshot"] = snapshot_text(r.snapshot);
  v["conditioning"] = conditioning_text(r.conditioning);
  const Environment& e = r.environment;
  if (!e.collected) return v;
  v["server.version"] = e.server_version;
  for (const ServerSetting& s : e.settings) {
    v["server.setting." + s.name] =
        s.setting + (s.unit.empty() ? "" : " " + s.unit) + " (" + s.source + ")";
  }
  for (const auto& [name, version] : e.extensions) v["server.extension." + name] = version;
  v["client.cpu_model"] = e.cpu_model;
  v["client.cpus"] = std::to_string(e.cpus);
  v["client.memory_kb"] = std::to_string(e.memory_kb);
  v["client.kernel"] = e.kernel;
  v["client.transparent_hugepages"] = e.transparent_hugepages;
  v["client.cpu_governor"] = e.cpu_governor;
  v["tool.version"] = e.tool.version;
  v["tool.commit"] =
      e.tool.commit.empty() ? "" : e.tool.commit + (e.tool.modified ? " (modified)" : "");
  v["tool.build_type"] = e.tool.build_type;
  v["tool.compiler"] = e.tool.compiler;
  v["tool.libraries"] = e.tool.libpq.empty() ? ""
                                             : "libpq " + e.tool.libpq + ", libpqxx " +
                                                   e.tool.libpqxx + ", Boost " + e.tool.boost;
  v["label"] = e.label;
  return v;
}

// Settings every session sets for itself, whose values say nothing about
// the server (the application name tpcc gives, the client's encoding).
bool is_session_noise(const std::string& key) {
  static const std::set<std::string> kNoise = {"server.setting.application_name",
                                               "server.setting.client_encoding",
                                               "server.setting.DateStyle"};
  return kNoise.count(key) != 0;
}

}  // namespace

std::vector<ComparedSetting> compared_environment(const std::vector<ResultDir>& runs) {
  std::vector<Values> all;
  std::vector<bool> collected;
  for (const ResultDir& run : runs) {
    all.push_back(values_of(run.info.experiment));
    collected.push_back(run.info.experiment.environment.collected);
  }
  const std::vector<std::string> fixed = {"snapshot",
                                          "conditioning",
                                          "label",
                                          "server.version",
                                          "client.cpu_model",
                                          "client.cpus",
                                          "client.memory_kb",
                                          "client.kernel",
                                          "client.transparent_hugepages",
                                          "client.cpu_governor",
                                          "tool.version",
                                          "tool.commit",
                                          "tool.build_type",
                                          "tool.compiler",
                                          "tool.libraries"};
  std::set<std::string> keyed;
  std::vector<std::string> keys = fixed;
  for (const Values& v : all) {
    for (const auto& [key, value] : v) {
      if (key.rfind("server.", 0) == 0 && key != "server.version" && !is_session_noise(key)) {
        keyed.insert(key);
      }
    }
  }
  keys.insert(keys.end(), keyed.begin(), keyed.end());
  std::vector<ComparedSetting> out;
  for (const std::string& key : keys) {
    ComparedSetting c;
    c.key = key;
    std::optional<std::string> first;
    bool any = false;
    for (std::size_t i = 0; i < all.size(); ++i) {
      const auto it = all[i].find(key);
      const bool environment_item = key != "snapshot" && key != "conditioning";
      if (it != all[i].end()) {
        c.values.emplace_back(it->second);
      } else if (environment_item && !collected[i]) {
        c.values.emplace_back(std::nullopt);  // not recorded: compared with nothing
        continue;
      } else {
        // A setting at its default in this run, an extension not there.
        c.values.emplace_back(key.rfind("server.extension.", 0) == 0 ? "not installed" : "default");
      }
      any = true;
      if (!first) {
        first = c.values.back();
      } else if (*first != *c.values.back()) {
        c.differs = true;
      }
    }
    if (any) out.push_back(std::move(c));
  }
  return out;
}

}  // namespace tpcc
