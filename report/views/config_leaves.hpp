// config.json's leaves in its order, as ("run.terminals", "10"): what the
// pages' configuration tables show and report --compare compares.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace tpcc {

std::vector<std::pair<std::string, std::string>> config_leaves(const std::string& config_json);

}  // namespace tpcc
