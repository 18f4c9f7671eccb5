// Numbers of result.json read back.
#pragma once

#include <optional>

#include <nlohmann/json.hpp>

namespace tpcc {

// j's number under key; none where it is null or absent (a percentile
// turned off, WAL not read, a figure a result of an earlier tpcc lacks).
inline std::optional<double> json_number(const nlohmann::json& j, const char* key) {
  if (!j.contains(key) || j.at(key).is_null()) return std::nullopt;
  return j.at(key).get<double>();
}

}  // namespace tpcc
