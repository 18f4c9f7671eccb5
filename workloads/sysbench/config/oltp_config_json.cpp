#include "workloads/sysbench/config/oltp_config_json.hpp"

#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "config/config.hpp"
#include "config/effective.hpp"
#include "config/names.hpp"

namespace tpcc {

nlohmann::ordered_json oltp_config_json(const Config& config) {
  const OltpOptions& o = config.oltp;
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

void read_oltp_config_json(const nlohmann::json& j, Config& config) {
  OltpOptions& o = config.oltp;
  const auto get = [&j](const char* key, auto& field) { read_json_field(j, key, field); };
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

}  // namespace tpcc
