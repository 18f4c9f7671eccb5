// The console's final block of CH-benCHmark's analytic streams: QphH over
// the measured interval, then a line per query.
#pragma once

#include <string>

#include "metrics/run.hpp"

namespace tpcc {

std::string ch_final_block(const ChFigures& figures);

}  // namespace tpcc
