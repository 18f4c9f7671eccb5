// config.json's "oltp": an oltp test's options by sysbench's names
// (config/workload_options.hpp), and the same read back.
#pragma once

#include <nlohmann/json_fwd.hpp>

namespace tpcc {

struct Config;

nlohmann::ordered_json oltp_config_json(const Config& config);

// A key left out keeps sysbench's default; throws std::invalid_argument on
// an unknown rand_type or standby_test.
void read_oltp_config_json(const nlohmann::json& block, Config& config);

}  // namespace tpcc
