// Repeated runs on the console: one set's figures with their spread (the
// end of tpcc run --repeat), and two sets' figures side by side with the
// ratio's confidence interval (tpcc report --compare of two sets).
#pragma once

#include <ostream>
#include <vector>

#include "report/views/repeat_set.hpp"

namespace tpcc {

void print_repeat_set(std::ostream& out, const std::vector<RepeatedFigure>& figures);

void print_set_comparison(std::ostream& out, const std::vector<ComparedSetFigure>& figures);

}  // namespace tpcc
