#include "config/effective.hpp"

#include <nlohmann/json.hpp>

#include "config/conn/mask.hpp"
#include "config/names.hpp"

namespace tpcc {
namespace {

nlohmann::ordered_json standbys_json(const std::vector<StandbyTarget>& standbys) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const auto& s : standbys) {
    nlohmann::ordered_json mix;
    for (int i = 0; i < kTxnTypes; ++i) {
      mix[std::string(txn_name(i))] = s.mix[static_cast<std::size_t>(i)];
    }
    list.push_back(
        {{"conninfo", mask_password(s.conninfo)}, {"terminals", s.terminals}, {"mix", mix}});
  }
  return list;
}

}  // namespace

std::string effective_config_json(const Config& c) {
  nlohmann::ordered_json mix;
  for (int i = 0; i < kTxnTypes; ++i) {
    mix[std::string(txn_name(i))] = c.mix[static_cast<std::size_t>(i)];
  }
  nlohmann::ordered_json fillfactor = nlohmann::ordered_json::object();
  for (const auto& [table, pct] : c.fillfactor) fillfactor[table] = pct;
  nlohmann::ordered_json storage_parameters = nlohmann::ordered_json::object();
  for (const auto& [table, by_name] : c.storage_parameters) {
    for (const auto& [name, value] : by_name) storage_parameters[table][name] = value;
  }
  nlohmann::ordered_json tablespace = nlohmann::ordered_json::object();
  for (const auto& [table, name] : c.tablespace) tablespace[table] = name;

  nlohmann::ordered_json j;
  j["verb"] = verb_name(c.verb);
  j["conninfo"] = mask_password(c.conninfo);
  j["props_file"] = c.props_file ? nlohmann::ordered_json(*c.props_file) : nullptr;
  j["prepare"] = {
      {"warehouses", c.warehouses},
      {"load_workers", c.load_workers},
      {"load_method", load_method_name(c.load_method)},
      {"insert_batch_rows", c.insert_batch_rows},
      {"copy_format", copy_format_name(c.copy_format)},
      {"seed", c.seed},
      {"seed_given", c.seed_given},
      {"fillfactor", fillfactor},
      {"storage_parameters", storage_parameters},
      {"analyze_all_tables", c.analyze_all_tables},
      {"analyze_payload_columns", c.analyze_payload_columns},
      {"tablespace", tablespace},
      {"foreign_keys", c.foreign_keys},
      {"partitions", c.partitions},
      {"no_check", c.no_check},
  };
  j["check"] = {{"after_load", c.after_load}};
  j["cleanup"] = {{"cascade", c.cascade}};
  j["quickstart"] = {{"keep", c.keep}};
  j["run"] = {
      {"terminals", c.terminals},
      {"connections", c.connections},
      {"duration_seconds", c.duration_seconds},
      {"warmup_seconds", c.warmup_seconds},
      {"txns_per_terminal", c.txns_per_terminal},
      {"mix", mix},
      {"profile", profile_name(c.profile)},
      {"mode", mode_name(c.mode)},
      {"isolation", isolation_name(c.isolation)},
      {"terminal_warehouse_fixed", c.terminal_warehouse_fixed},
      {"allow_many_terminals", c.allow_many_terminals},
      {"rate_tpm", c.rate_tpm},
      {"keying_and_thinking", c.keying_and_thinking},
      {"think_multiplier", c.think_multiplier},
      {"keying_multiplier", c.keying_multiplier},
      {"rollback_percent", c.rollback_percent},
      {"warehouse_from", c.warehouse_from},
      {"warehouse_to", c.warehouse_to},
      {"report_interval_seconds", c.report_interval_seconds},
      {"report_format", report_format_name(c.report_format)},
      {"result_dir", c.result_dir},
      {"json_file", c.json_file},
      {"standbys", standbys_json(c.standbys)},
      {"max_downtime_seconds", c.max_downtime_seconds},
      {"stop_grace_seconds", c.stop_grace_seconds},
      {"statement_timeout_ms", c.statement_timeout_ms},
      {"lock_timeout_ms", c.lock_timeout_ms},
      {"delivery", delivery_mode_name(c.delivery_mode)},
      {"delivery_workers", c.delivery_workers},
      {"spec", c.spec},
      {"terminals_from_load", c.terminals_from_load},
  };
  return j.dump(2);
}

}  // namespace tpcc
