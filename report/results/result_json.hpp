// result.json: the run's figures, health, rules and settings as one JSON
// document, the contract other tools read.
#pragma once

#include <string>

#include "config/config.hpp"
#include "metrics/run.hpp"
#include "metrics/stats.hpp"
#include "report/rules/run_verdict.hpp"

namespace tpcc {

// result.json as text, with the run's verdict (judged once, where the run
// ended; unjudged for a workload without TPC-C's rules). Throws
// std::logic_error for a TPC-C run whose verdict was not judged.
std::string result_json(const Config& config, const RunInfo& info, const RunStats& stats,
                        const RunVerdict& verdict);

// result.json of a run that measured nothing (it never connected, or a
// check refused it before the start): "measured": false, the stop_reason
// ("not_connected", "not_started"), the error as stop_detail and the exit
// status. tpcc report reads it back as a run that never started.
std::string not_started_json(const std::string& stop_reason, const std::string& detail,
                             int exit_status, const std::string& started_at);

}  // namespace tpcc
