// The console's final block of CH-benCHmark's analytic streams: QphH over
// the measured interval (the part after --ch-baseline), then a line per
// query; and a mixed run's interference block.
#pragma once

#include <string>

#include "metrics/run.hpp"

namespace tpcc {

std::string ch_final_block(const ChFigures& figures);

// --ch-baseline: TPC-C's tpmC and tpmTOTAL alone and beside the streams,
// and the mixed over the alone in %; empty without the split.
std::string ch_interference_block(const ChFigures& figures);

}  // namespace tpcc
