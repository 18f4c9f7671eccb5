// Whether the database holds the whole load bmsql_config records. A half
// load (a prepare killed mid-way) passes every 3.3.2 condition, since each
// warehouse is loaded whole in one transaction, so check says so itself.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "loader/load_state.hpp"

namespace tpcc {

// One line per gap: warehouses missing of 1..W, the item table short of its
// rows, tpcc_load_complete not recorded. Empty when the load is complete.
std::vector<std::string> load_gaps(const DatabaseState& state);

// Sorted numbers as ranges: {3, 4, 5, 8} -> "3-5, 8".
std::string format_ranges(const std::set<int>& numbers);

}  // namespace tpcc
