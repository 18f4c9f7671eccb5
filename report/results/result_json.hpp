// result.json: the run's figures, health, rules and settings as one JSON
// document, the contract other tools read.
#pragma once

#include <string>

#include "config/config.hpp"
#include "metrics/run.hpp"
#include "metrics/stats.hpp"

namespace tpcc {

// result.json as text.
std::string result_json(const Config& config, const RunInfo& info, const RunStats& stats);

}  // namespace tpcc
