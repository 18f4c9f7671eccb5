// tpcc prepare: schema, load (or resume), indexes, foreign keys, analyze.
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

struct PrepareOutcome {
  int status = 0;  // the exit status
  // tpcc_load_complete was recorded before this prepare started, so nothing
  // was loaded and transactions may have run since (see prepare_command).
  bool was_complete = false;
};

// Throws UsageError / ConnectError for exit statuses 2 / 3.
PrepareOutcome prepare_database(const Config& config, std::ostream& out);

}  // namespace tpcc
