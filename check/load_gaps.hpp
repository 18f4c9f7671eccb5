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
// rows, tpcc_load_complete not recorded (tpcc's own loads), a table without
// its primary key (another kit's). Empty when the load is complete.
std::vector<std::string> load_gaps(const DatabaseState& state);

// "load: by BenchmarkSQL (bmsql_config holds ...)": who loaded it.
std::string load_origin_line(const DatabaseState& state);

// What to do about the gaps: resume a tpcc load with tpcc prepare; another
// kit's cannot be resumed by tpcc.
std::string incomplete_load_advice(const DatabaseState& state);

// Sorted numbers as ranges: {3, 4, 5, 8} -> "3-5, 8".
std::string format_ranges(const std::set<int>& numbers);

}  // namespace tpcc
