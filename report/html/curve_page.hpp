// tpcc curve's page (DIR/curve.html): the answers with their rules,
// achieved against offered (and the line where they are equal), p99
// against achieved, and the table of the runs, each linked to its own
// report.html.
#pragma once

#include <string>

#include "report/results/curve_files.hpp"

namespace tpcc {

std::string html_curve(const CurveRecord& record);

}  // namespace tpcc
