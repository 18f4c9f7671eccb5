// The configuration section: config.json (the run's effective settings,
// password already masked by config/effective.cpp) as a table of leaves.
#include "report/html/parts.hpp"

namespace tpcc::html {

std::string config_table(const std::vector<std::pair<std::string, std::string>>& leaves) {
  std::string t =
      "<table class=\"config\">\n<tr>" + cell("setting", "th") + cell("value", "th") + "</tr>\n";
  for (const auto& [key, value] : leaves) t += "<tr>" + cell(key) + cell(value) + "</tr>\n";
  return t + "</table>\n";
}

}  // namespace tpcc::html
