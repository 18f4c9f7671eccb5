#include "check/load_gaps.hpp"

#include "config/driver_slice.hpp"
#include "spec/constants.hpp"

namespace tpcc {
namespace {

// A load split over drivers (prepare --driver I/N): which drivers' slices
// hold the missing warehouses, "driver 2 of 3 (warehouses 4-6)".
std::string missing_slices(const DatabaseState& state, const std::set<int>& missing) {
  const auto drivers = state.recorded.values.find(kConfigLoadDrivers);
  if (drivers == state.recorded.values.end() || missing.empty()) return "";
  const int count = std::stoi(drivers->second);
  const WarehouseRange all{1, state.recorded.warehouses};
  if (count < 1 || count > all.count()) return "";
  std::string named;
  for (int index = 1; index <= count; ++index) {
    const WarehouseRange slice = driver_slice(all, index, count);
    std::set<int> gone;
    for (int w = slice.first; w <= slice.last; ++w) {
      if (missing.count(w)) gone.insert(w);
    }
    if (gone.empty()) continue;
    named += (named.empty() ? "" : ", ") + std::string("driver ") + std::to_string(index) + " of " +
             std::to_string(count) + " (warehouses " + format_ranges(gone) +
             (gone.size() == static_cast<std::size_t>(slice.count()) ? ", its whole slice" : "") +
             ")";
  }
  return "; the load was split over drivers (tpcc prepare --driver I/N), missing from " + named;
}

}  // namespace

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
  const bool ours = state.recorded.kit == LoadKit::Tpcc;
  for (const std::string& table : state.tables_without_key) {
    gaps.push_back(table + " has no primary key: the load's index step did not finish");
  }
  if (!missing.empty()) {
    gaps.push_back(std::string(missing.size() == 1 ? "warehouse " : "warehouses ") +
                   format_ranges(missing) + " of the " + std::to_string(warehouses) +
                   " recorded in bmsql_config " + (missing.size() == 1 ? "is" : "are") +
                   (ours ? " missing" : " missing or not whole") + missing_slices(state, missing));
  }
  if (!state.items_loaded) {
    gaps.push_back("bmsql_item does not hold its " + std::to_string(kItems) + " rows");
  }
  // Only tpcc marks its load complete; another kit's is judged by its rows
  // and keys above.
  if (ours && !state.recorded.complete) {
    gaps.push_back(std::string("bmsql_config has no ") + kConfigLoadComplete +
                   ": indexes, analyze or functions were not finished");
  }
  return gaps;
}

std::string load_origin_line(const DatabaseState& state) {
  return "load: by " + describe_load(state.recorded);
}

std::string incomplete_load_advice(const DatabaseState& state) {
  if (state.recorded.kit == LoadKit::Tpcc) {
    return "the load is incomplete (see the first lines): run tpcc prepare again to resume it";
  }
  return std::string("the load is incomplete (see the first lines): it was made by ") +
         load_kit_name(state.recorded.kit) +
         ", whose load tpcc cannot resume: finish it with that kit, or run tpcc cleanup and "
         "tpcc prepare";
}

}  // namespace tpcc
