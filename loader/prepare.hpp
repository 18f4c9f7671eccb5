// tpcc prepare: schema, load (or resume), indexes, foreign keys, analyze.
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

// Returns the exit status; throws UsageError / ConnectError for 2 / 3.
int prepare_database(const Config& config, std::ostream& out);

}  // namespace tpcc
