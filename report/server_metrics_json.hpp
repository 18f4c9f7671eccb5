// result.json's "server_metrics" object (issue 14). Brings nlohmann/json:
// include only where result.json is built.
#pragma once

#include <nlohmann/json.hpp>

#include "report/server_metrics.hpp"

namespace tpcc {

// {"enabled", "notes": [...], "samples", "sample_failures", "totals": the
// counters summed over the measured intervals (null where no interval had
// one) with the client's and the server's CPU seconds, "intervals": one
// object per interval line with intervals.csv's figures}; {"enabled":
// false} with --server-metrics off.
nlohmann::ordered_json server_metrics_json(const ServerMetricsRun& run);

}  // namespace tpcc
