// tpcc sweep's points on the console at its end (and on tpcc report DIR of
// a sweep): a column per axis, then each point's status, runs and the
// workload's headline figures (sweep_figure_names; medians when repeated),
// the first with its 95 % interval.
#pragma once

#include <ostream>

#include "report/views/sweep_view.hpp"

namespace tpcc {

void print_sweep_table(std::ostream& out, const SweepView& view);

}  // namespace tpcc
