// The page of tpcc sweep (DIR/report.html): tpmC against the swept value
// with each point's 95 % interval as a bar (one line per value of the other
// axes), each transaction type's p90 against throughput, the table of the
// points, each linked to its own report.html.
#pragma once

#include <string>

#include "report/views/sweep_view.hpp"

namespace tpcc {

std::string html_sweep(const SweepView& view);

}  // namespace tpcc
