// What the report room knows of ingest's runs (report/workload_report.hpp).
#pragma once

#include "report/workload_report.hpp"

namespace tpcc {

const WorkloadReport& ingest_report();

}  // namespace tpcc
