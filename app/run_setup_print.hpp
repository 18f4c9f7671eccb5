// `tpcc run`'s opening lines: the setup it is about to run, with the
// warnings about it (before the first interval line).
#pragma once

#include <ostream>

#include "app/run_setup.hpp"
#include "config/config.hpp"

namespace tpcc {

void print_setup(std::ostream& out, const Config& config, const RunSetup& setup);

}  // namespace tpcc
