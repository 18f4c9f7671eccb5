// DIR/report.html of tpcc capacity: the search's answer and its steps, each
// linked to its own run's report.html (DIR/step-K/report.html).
#pragma once

#include <string>

#include "report/results/capacity_json.hpp"

namespace tpcc {

std::string html_capacity_search(const CapacitySearchRecord& record, bool paced);

}  // namespace tpcc
