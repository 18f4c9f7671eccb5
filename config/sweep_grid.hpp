// The points of tpcc sweep: every combination of its axes' values (a
// grid), each point's directory name, and the run options it sets. Pure,
// so that the app, the configuration's checks and the tests agree.
#pragma once

#include <string>
#include <vector>

#include "config/config.hpp"

namespace tpcc {

// One value of one axis at a point.
struct SweepValue {
  std::string name;
  std::string value;
};

// Every combination of the axes' values, one value per axis in axis order;
// the first axis changes fastest, so that a server setting (given after
// the run options) changes as seldom as the grid allows. No axes: none.
std::vector<std::vector<std::string>> sweep_grid(const std::vector<SweepAxis>& axes);

// A point's directory, readable and safe on any filesystem:
// "terminals=8,work_mem=4MB"; a character other than a letter, digit or
// one of . _ - = , + becomes '_' ("search_path=a b" -> "search_path=a_b").
std::string sweep_point_name(const std::vector<SweepAxis>& axes,
                             const std::vector<std::string>& values);

// The run options a point sets (its --vary values), in axis order.
std::vector<SweepValue> sweep_run_values(const std::vector<SweepAxis>& axes,
                                         const std::vector<std::string>& values);

// The server settings a point sets (its --vary-setting values).
std::vector<SweepValue> sweep_setting_values(const std::vector<SweepAxis>& axes,
                                             const std::vector<std::string>& values);

}  // namespace tpcc
