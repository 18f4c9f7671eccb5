// tpcc prepare: schema, load (or resume), indexes, foreign keys, analyze.
// With --driver I/N, one of N prepares that load one database side by side:
// the I-th slice of the warehouses (the item table by driver 1), and the
// steps after the rows by the last of them to finish.
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

struct PrepareOutcome {
  int status = 0;  // the exit status
  // tpcc_load_complete was recorded before this prepare started, so nothing
  // was loaded and transactions may have run since (see prepare_command).
  bool was_complete = false;
  // False for a driver of several (--driver) that loaded its warehouses and
  // left the steps after the rows to the last driver to finish: the load is
  // not whole yet, and not for this prepare to check.
  bool whole = true;
};

// Throws UsageError / ConnectError for exit statuses 2 / 3.
PrepareOutcome prepare_database(const Config& config, std::ostream& out);

}  // namespace tpcc
