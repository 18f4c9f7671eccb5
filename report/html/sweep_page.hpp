// The page of tpcc sweep (DIR/report.html): the workload's throughput
// (tpmC, tps, rows/s) against the swept value with each point's 95 %
// interval as a bar (one line per value of the other axes), each of its
// latency figures against that throughput, the table of the points (a
// column per axis, one per figure), each linked to its own report.html.
#pragma once

#include <string>

#include "report/views/sweep_view.hpp"

namespace tpcc {

std::string html_sweep(const SweepView& view);

}  // namespace tpcc
