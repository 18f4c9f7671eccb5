// result.json's run record read back: what RunInfo holds (the run's
// shape, health, driver, ledger and standbys), for tpcc report DIR,
// --merge and --compare.
#pragma once

#include <nlohmann/json.hpp>

#include "metrics/run.hpp"

namespace tpcc {

// Throws nlohmann's exceptions, and std::invalid_argument naming an
// unknown value: the reader names the file.
RunInfo run_info_from_json(const nlohmann::json& result);

}  // namespace tpcc
