// tpcc sweep's points on the console at its end (and on tpcc report DIR of
// a sweep): each point's values, status, tpmC (median and 95 % interval
// when repeated), tpmTOTAL and New-Order p90.
#pragma once

#include <ostream>

#include "report/views/sweep_view.hpp"

namespace tpcc {

void print_sweep_table(std::ostream& out, const SweepView& view);

}  // namespace tpcc
