// What the report room knows of sysbench's runs (report/workload_report.hpp).
#pragma once

#include "report/workload_report.hpp"

namespace tpcc {

const WorkloadReport& sysbench_report();

}  // namespace tpcc
