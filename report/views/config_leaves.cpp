#include "report/views/config_leaves.hpp"
#include "config/json_text.hpp"

#include <nlohmann/json.hpp>

namespace tpcc {
namespace {

using Json = nlohmann::ordered_json;

void add_leaves(const Json& j, const std::string& path,
                std::vector<std::pair<std::string, std::string>>& out) {
  if (j.is_object()) {
    for (const auto& [key, value] : j.items()) {
      add_leaves(value, path.empty() ? key : path + "." + key, out);
    }
    return;
  }
  if (j.is_array() && !j.empty() && (j.front().is_object() || j.front().is_array())) {
    for (std::size_t i = 0; i < j.size(); ++i)
      add_leaves(j[i], path + "[" + std::to_string(i) + "]", out);
    return;
  }
  out.emplace_back(path, j.is_string() ? j.get<std::string>() : json_text(j));
}

}  // namespace

std::vector<std::pair<std::string, std::string>> config_leaves(const std::string& config_json) {
  std::vector<std::pair<std::string, std::string>> leaves;
  if (config_json.empty()) return leaves;
  const Json j = Json::parse(config_json, nullptr, false);
  if (j.is_discarded()) return {{"config.json", "not JSON"}};
  add_leaves(j, "", leaves);
  return leaves;
}

}  // namespace tpcc
