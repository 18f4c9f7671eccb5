#include "check/load_gaps.hpp"

#include "spec/constants.hpp"

namespace tpcc {

std::string format_ranges(const std::set<int>& numbers) {
  std::string out;
  for (auto it = numbers.begin(); it != numbers.end();) {
    const int first = *it;
    int last = first;
    while (++it != numbers.end() && *it == last + 1) last = *it;
    out += (out.empty() ? "" : ", ") + std::to_string(first) +
           (last == first ? "" : "-" + std::to_string(last));
  }
  return out;
}

std::vector<std::string> load_gaps(const DatabaseState& state) {
  std::vector<std::string> gaps;
  const int warehouses = state.recorded.warehouses;
  std::set<int> missing;
  for (int w = 1; w <= warehouses; ++w) {
    if (!state.complete_warehouses.count(w)) missing.insert(w);
  }
  if (!missing.empty()) {
    gaps.push_back(std::string(missing.size() == 1 ? "warehouse " : "warehouses ") +
                   format_ranges(missing) + " of the " + std::to_string(warehouses) +
                   " recorded in bmsql_config " + (missing.size() == 1 ? "is" : "are") +
                   " missing");
  }
  if (!state.items_loaded) {
    gaps.push_back("bmsql_item does not hold its " + std::to_string(kItems) + " rows");
  }
  if (!state.recorded.complete) {
    gaps.push_back(std::string("bmsql_config has no ") + kConfigLoadComplete +
                   ": indexes, analyze or functions were not finished");
  }
  return gaps;
}

}  // namespace tpcc
