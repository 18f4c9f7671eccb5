// The effective configuration, saved with the results (config.json) and
// printed on request, so that a result can be traced to the settings that
// produced it; and read back, so that a result directory can be redrawn.
// Each option's place in it is its row of the options table
// (config/settings/settings.hpp, ConfigJsonField).
#pragma once

#include <string>

#include <nlohmann/json_fwd.hpp>

#include "config/config.hpp"

namespace tpcc {

// Pretty-printed JSON of the Config; passwords in the connection strings
// are masked.
std::string effective_config_json(const Config& config);

// A Config from config.json: every option found in it, the others left at
// their defaults (an older file may lack newer options). Throws
// nlohmann::json::exception or std::invalid_argument on a value of the
// wrong type or an unknown name.
Config config_from_effective_json(const nlohmann::json& json);

// block[key] into field, when the block has it: for the readers of the
// workloads' blocks (config/workload_config.hpp).
template <typename Json, typename T>
void read_json_field(const Json& block, const char* key, T& field) {
  if (block.contains(key)) block.at(key).get_to(field);
}

}  // namespace tpcc
