#include "config/effective.hpp"

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "config/conn/mask.hpp"
#include "config/json_text.hpp"
#include "config/names.hpp"
#include "config/settings/settings.hpp"
#include "config/workload_config.hpp"

namespace tpcc {
namespace {

// config.json's sections, in order; every option's field names one.
constexpr const char* kSections[] = {"prepare", "check", "cleanup", "quickstart", "run"};

// The mix as {"new_order": 45, "payment": 43, ...}.
nlohmann::ordered_json mix_json(const std::array<double, kTxnTypes>& weights) {
  nlohmann::ordered_json mix;
  for (int i = 0; i < kTxnTypes; ++i) {
    mix[std::string(txn_name(i))] = weights[static_cast<std::size_t>(i)];
  }
  return mix;
}

nlohmann::ordered_json standbys_json(const std::vector<StandbyTarget>& standbys) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const auto& s : standbys) {
    list.push_back({{"conninfo", mask_password(s.conninfo)},
                    {"terminals", s.terminals},
                    {"mix", mix_json(s.mix)}});
  }
  return list;
}

}  // namespace

std::string effective_config_json(const Config& c) {
  nlohmann::ordered_json j;
  j["verb"] = verb_name(c.verb);
  j["conninfo"] = mask_password(c.conninfo);
  j["props_file"] = c.props_file ? nlohmann::ordered_json(*c.props_file) : nullptr;
  // What was loaded and driven; the workload's block of its own beside it.
  j["workload"] = std::string(workload_name(c));
  const WorkloadConfig& workload = workload_config(c.workload);
  if (workload.json_block != nullptr) j[workload.json_key] = workload.json_block(c);
  for (const char* section : kSections) j[section] = nlohmann::ordered_json::object();
  for (const Setting& setting : settings()) {
    const ConfigJsonField& field = setting.json;
    if (field.section != nullptr) j[field.section][field.key] = field.write(c);
  }
  // The values config.json keeps in shapes of their own.
  nlohmann::ordered_json& prepare = j["prepare"];
  prepare["seed_given"] = c.seed_given;
  nlohmann::ordered_json fillfactor = nlohmann::ordered_json::object();
  for (const auto& [table, pct] : c.fillfactor) fillfactor[table] = pct;
  prepare["fillfactor"] = fillfactor;
  nlohmann::ordered_json storage_parameters = nlohmann::ordered_json::object();
  for (const auto& [table, by_name] : c.storage_parameters) {
    for (const auto& [name, value] : by_name) storage_parameters[table][name] = value;
  }
  prepare["storage_parameters"] = storage_parameters;
  nlohmann::ordered_json tablespace = nlohmann::ordered_json::object();
  for (const auto& [table, name] : c.tablespace) tablespace[table] = name;
  prepare["tablespace"] = tablespace;
  nlohmann::ordered_json& run = j["run"];
  run["mix"] = mix_json(c.mix);
  run["standbys"] = standbys_json(c.standbys);
  run["terminals_from_load"] = c.terminals_from_load;
  return json_text(j, 2);
}

Config config_from_effective_json(const nlohmann::json& j) {
  Config c;
  // Result directories from before the workloads have none: TPC-C.
  if (j.contains("workload")) {
    const std::string name = j.at("workload").get<std::string>();
    const auto workload = parse_workload_name(name);
    if (!workload) throw std::invalid_argument("unknown workload '" + name + "'");
    c.workload = workload->kind;
    c.oltp.test = workload->test;
  }
  for (const WorkloadConfig* workload : workload_configs()) {
    if (workload->read_json_block == nullptr || !j.contains(workload->json_key)) continue;
    workload->read_json_block(j.at(workload->json_key), c);
  }
  for (const Setting& setting : settings()) {
    const ConfigJsonField& field = setting.json;
    if (field.section == nullptr || !j.contains(field.section)) continue;
    const nlohmann::json& section = j.at(field.section);
    if (section.contains(field.key)) field.read(section.at(field.key), c);
  }
  if (j.contains("run") && j.at("run").contains("mix")) {
    const nlohmann::json& mix = j.at("run").at("mix");
    for (int i = 0; i < kTxnTypes; ++i) {
      c.mix[static_cast<std::size_t>(i)] = mix.at(std::string(txn_name(i))).get<double>();
    }
  }
  return c;
}

}  // namespace tpcc
