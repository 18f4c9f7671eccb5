// What the report room knows of pgbench's runs (report/workload_report.hpp).
#pragma once

#include "report/workload_report.hpp"

namespace tpcc {

const WorkloadReport& pgbench_report();

}  // namespace tpcc
