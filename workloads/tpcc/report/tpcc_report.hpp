// What the report room knows of tpcc's runs (report/workload_report.hpp).
#pragma once

#include "report/workload_report.hpp"

namespace tpcc {

const WorkloadReport& tpcc_report();

}  // namespace tpcc
