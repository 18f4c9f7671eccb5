// The lines that tell a reader a run was not clean (why it stopped,
// downtime, unfinished transactions, timeouts, the first and last error),
// shared by the console summary and report.html so both say the same: the
// primary's first, then each standby's, named.
#pragma once

#include <string>
#include <vector>

#include "metrics/run.hpp"

namespace tpcc {

// Empty for a clean run that completed (and clean standbys).
std::vector<std::string> health_lines(const RunInfo& info, const RunStats& stats);

// The lines of one standby (number: 1-based), each naming it; empty when
// its side was clean. health_lines has them without the errors; the
// standby's own block of the summary and the page has them all.
std::vector<std::string> standby_health_lines(int number, const StandbyRun& standby,
                                              bool with_errors = true);

// Why standby `number` did not serve to the end: it stopped the run
// (--max-downtime, an error retrying cannot fix), or it was unreachable from
// some moment to the end. Empty when neither: result.json's stop_detail of
// the standby.
std::string standby_stop_detail(int number, const StandbyRun& standby);

// The exit-1 line's reason for downtime: "the server was unreachable for
// 3.4 s", or, when only delivery workers failed to reconnect, "delivery
// worker 1 could not reconnect for 3.4 s (the terminals' connections were
// up)".
std::string downtime_failure_text(const RunHealth& health);

// "at 4.0 s: 08006 connection lost" style text of one error.
std::string error_note_text(const ErrorNote& note);

// True when every connection named is a delivery worker: the terminals'
// connections were up while they could not reconnect.
bool only_delivery_workers(const std::vector<std::string>& connections);

// "delivery worker 1", "delivery workers 1, 2": the names joined.
std::string connections_text(const std::vector<std::string>& connections);

}  // namespace tpcc
