// The report room's descriptor of CH-benCHmark's analytic streams
// (report/workload_report.hpp): result.json's "ch", its figures, a stream
// per terminal, queries per second on the pages.
#pragma once

#include "report/workload_report.hpp"

namespace tpcc {

const WorkloadReport& ch_report();

}  // namespace tpcc
