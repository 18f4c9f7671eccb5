// One function per verb; each returns the process exit status.
#pragma once

#include "config/config.hpp"

namespace tpcc {

int run_command(const Config& config);

}  // namespace tpcc
