// The lines that tell a reader a run was not clean (why it stopped,
// downtime, unfinished transactions, timeouts, the first and last error),
// shared by the console summary and report.html so both say the same.
#pragma once

#include <string>
#include <vector>

#include "metrics/run.hpp"

namespace tpcc {

// Empty for a clean run that completed.
std::vector<std::string> health_lines(const RunInfo& info, const RunStats& stats);

// "08006 connection lost at 4.0 s" style text of one error.
std::string error_note_text(const ErrorNote& note);

}  // namespace tpcc
