#include "config/effective.hpp"

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "config/conn/mask.hpp"
#include "config/json_text.hpp"
#include "config/names.hpp"
#include "config/settings/settings.hpp"

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

// j[key] into field, when j has it.
template <typename T>
void read_field(const nlohmann::json& j, const char* key, T& field) {
  if (j.contains(key)) j.at(key).get_to(field);
}

// An oltp test's options by sysbench's names (config/workload_options.hpp).
nlohmann::ordered_json oltp_json(const OltpOptions& o) {
  return {{"tables", o.tables},
          {"table_size", o.table_size},
          {"point_selects", o.point_selects},
          {"simple_ranges", o.simple_ranges},
          {"sum_ranges", o.sum_ranges},
          {"order_ranges", o.order_ranges},
          {"distinct_ranges", o.distinct_ranges},
          {"range_size", o.range_size},
          {"index_updates", o.index_updates},
          {"non_index_updates", o.non_index_updates},
          {"delete_inserts", o.delete_inserts},
          {"range_selects", o.range_selects},
          {"skip_trx", o.skip_trx},
          {"auto_inc", o.auto_inc},
          {"secondary", o.secondary},
          {"create_secondary", o.create_secondary},
          {"rand_type", std::string(rand_type_name(o.rand_type))},
          {"rand_spec_iter", o.rand_spec_iter},
          {"rand_spec_pct", o.rand_spec_pct},
          {"rand_spec_res", o.rand_spec_res},
          {"rand_pareto_h", o.rand_pareto_h},
          {"rand_zipfian_exp", o.rand_zipfian_exp},
          {"standby_test", std::string(oltp_test_name(o.standby_test))}};
}

// The same read back; a key left out keeps sysbench's default.
void read_oltp_json(const nlohmann::json& j, OltpOptions& o) {
  const auto get = [&j](const char* key, auto& field) { read_field(j, key, field); };
  get("tables", o.tables);
  get("table_size", o.table_size);
  get("point_selects", o.point_selects);
  get("simple_ranges", o.simple_ranges);
  get("sum_ranges", o.sum_ranges);
  get("order_ranges", o.order_ranges);
  get("distinct_ranges", o.distinct_ranges);
  get("range_size", o.range_size);
  get("index_updates", o.index_updates);
  get("non_index_updates", o.non_index_updates);
  get("delete_inserts", o.delete_inserts);
  get("range_selects", o.range_selects);
  get("skip_trx", o.skip_trx);
  get("auto_inc", o.auto_inc);
  get("secondary", o.secondary);
  get("create_secondary", o.create_secondary);
  if (j.contains("rand_type")) {
    const std::string name = j.at("rand_type").get<std::string>();
    const auto type = parse_rand_type(name);
    if (!type) throw std::invalid_argument("unknown rand_type '" + name + "'");
    o.rand_type = *type;
  }
  get("rand_spec_iter", o.rand_spec_iter);
  get("rand_spec_pct", o.rand_spec_pct);
  get("rand_spec_res", o.rand_spec_res);
  get("rand_pareto_h", o.rand_pareto_h);
  get("rand_zipfian_exp", o.rand_zipfian_exp);
  if (j.contains("standby_test")) {
    const std::string name = j.at("standby_test").get<std::string>();
    const auto test = parse_workload_name(name);
    if (!test || test->kind != WorkloadKind::SysbenchOltp) {
      throw std::invalid_argument("unknown standby_test '" + name + "'");
    }
    o.standby_test = test->test;
  }
}

// The ingest workload's options, and the same read back (a key left out
// keeps its default).
nlohmann::ordered_json ingest_json(const IngestOptions& o) {
  return {{"tables", o.tables},
          {"rows", o.rows},
          {"row_bytes", o.row_bytes},
          {"method", std::string(ingest_method_name(o.method))},
          {"unlogged", o.unlogged}};
}

void read_ingest_json(const nlohmann::json& j, IngestOptions& o) {
  read_field(j, "tables", o.tables);
  read_field(j, "rows", o.rows);
  read_field(j, "row_bytes", o.row_bytes);
  read_field(j, "unlogged", o.unlogged);
  if (j.contains("method")) {
    o.method = j.at("method") == "copy" ? IngestMethod::Copy : IngestMethod::Insert;
  }
}

}  // namespace

std::string effective_config_json(const Config& c) {
  nlohmann::ordered_json j;
  j["verb"] = verb_name(c.verb);
  j["conninfo"] = mask_password(c.conninfo);
  j["props_file"] = c.props_file ? nlohmann::ordered_json(*c.props_file) : nullptr;
  // What was loaded and driven; an oltp test's or ingest's options beside it.
  j["workload"] = std::string(workload_name(c));
  if (c.workload == WorkloadKind::SysbenchOltp) j["oltp"] = oltp_json(c.oltp);
  if (c.workload == WorkloadKind::Ingest) j["ingest"] = ingest_json(c.ingest);
  if (c.workload == WorkloadKind::Pgbench) {
    j["pgbench"] = {{"scale", c.pgbench.scale}, {"fillfactor", c.pgbench.fillfactor}};
  }
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
  if (j.contains("oltp")) read_oltp_json(j.at("oltp"), c.oltp);
  if (j.contains("ingest")) read_ingest_json(j.at("ingest"), c.ingest);
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
