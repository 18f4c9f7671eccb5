// tpcc snapshot [--workload NAME] [--drop]: keep the loaded database (the
// load of the workload, TPC-C's by default) as a template copy that tpcc
// run --restore puts back, or remove that copy (docs/experiments.md).
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

int snapshot_command(const Config& config, std::ostream& out);

}  // namespace tpcc
