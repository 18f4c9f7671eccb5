// tpcc curve's table on the console: the peak's row, then one row per
// offered rate, as curve.csv holds them; then the rules and the answers.
#pragma once

#include <ostream>

#include "report/results/curve_files.hpp"

namespace tpcc {

void print_curve(std::ostream& out, const CurveRecord& record);

}  // namespace tpcc
