// A standby's replication lag in result.json ("replication_lag"), both
// ways. Brings nlohmann/json: include only where result.json is built or
// read.
#pragma once

#include <nlohmann/json.hpp>

#include "metrics/lag.hpp"

namespace tpcc {

// {"application_name", "client_addr", "samples", then p50 / p99 / max /
// samples of write_lag_ms, flush_lag_ms, replay_lag_ms (the primary's
// pg_stat_replication), bytes_behind and replay_delay_ms (the standby's
// last replay age)}; a summary without samples is null.
nlohmann::ordered_json replication_lag_json(const LagFigures& lag);

// replication_lag_json read back. Throws nlohmann's exceptions on a
// malformed object.
LagFigures lag_from_json(const nlohmann::json& j);

// The figures rounded as result.json holds them, so that the page a run
// writes is the page tpcc report DIR redraws.
LagFigures as_written(const LagFigures& lag);

}  // namespace tpcc
