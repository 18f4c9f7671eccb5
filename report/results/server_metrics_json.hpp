// result.json's "server_metrics" object. Brings nlohmann/json:
// include only where result.json is built.
#pragma once

#include <nlohmann/json.hpp>

#include "metrics/server_metrics.hpp"

namespace tpcc {

// {"enabled", "notes": [...], "samples", "sample_failures", "totals": the
// counters summed over the measured intervals (null where no interval had
// one) with the client's and the server's CPU seconds, "intervals": one
// object per interval line with intervals.csv's figures}; {"enabled":
// false} with --server-metrics off.
nlohmann::ordered_json server_metrics_json(const ServerMetricsRun& run);

// result.json's "server_metrics" read back (tpcc report DIR, --compare);
// {"enabled": false} or a result.json without it: not enabled. Throws
// nlohmann's exceptions on a malformed object.
ServerMetricsRun server_metrics_from_json(const nlohmann::json& j);

// The run's figures rounded as result.json holds them, so that the page a
// run writes is the page tpcc report DIR redraws.
ServerMetricsRun as_written(const ServerMetricsRun& run);

}  // namespace tpcc
