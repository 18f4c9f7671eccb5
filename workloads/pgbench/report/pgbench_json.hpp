// result.json's figures of a pgbench run, as pgbench's final block has
// them: transactions processed and failed, tps, latency average and stddev
// (ms), the scale, and the same per script (its --builtin or --file as
// given, in slot order).
#pragma once

#include <nlohmann/json.hpp>

#include "config/config.hpp"
#include "metrics/run.hpp"
#include "metrics/stats.hpp"

namespace tpcc {

nlohmann::json pgbench_figures_json(const Config& config, const RunInfo& info,
                                    const RunStats& stats);

// A standby's side (its --standby-builtin / --standby-file scripts): the
// same figures, without the scale.
nlohmann::json pgbench_standby_figures_json(const Config& config, const RunInfo& info,
                                            const RunStats& stats);

}  // namespace tpcc
