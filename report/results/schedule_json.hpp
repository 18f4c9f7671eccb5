// result.json's "schedule" block, in every workload's result: what the run
// was offered (--rate, per minute) and what it achieved, its latency from
// the due time over every transaction type, and the transactions it held to
// a latency limit (pgbench's -L: the late, and under --rate the skipped),
// and in a paced run (--rate, or keying and think times) how far behind
// their due times the transactions were sent (`lag_ms`: mean, p50, p99,
// max; null unpaced).
// tpcc curve reads each step's back from its result directory. Brings
// nlohmann/json: include only where result.json is written or read.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "config/config.hpp"
#include "metrics/run.hpp"
#include "metrics/stats.hpp"

namespace tpcc {

struct ScheduleFigures {
  std::optional<double> rate_per_minute;  // none: unpaced
  double measured_seconds = 0;
  std::int64_t completed = 0;  // committed and rolled back in the measured interval
  std::int64_t errors = 0;
  // Latency from the due time (ms) of every type together; none when
  // nothing was measured.
  std::optional<double> p50_ms;
  std::optional<double> p99_ms;
  std::optional<double> p999_ms;
  // The run's own latency limit (pgbench's -L), and the transactions over
  // it and skipped for it; none without one.
  std::optional<double> latency_limit_ms;
  std::int64_t late = 0;
  std::int64_t skipped = 0;
  // Why the run ended early (result.json's stop_reason and stop_detail);
  // empty when it completed.
  std::string stopped;
};

nlohmann::json schedule_json(const Config& config, const RunInfo& info, const RunStats& stats);

// From result.json's top level; throws nlohmann's errors on another shape.
ScheduleFigures schedule_from_json(const nlohmann::json& result);

// dir's result.json's schedule; throws UsageError starting with flag when
// it cannot be read or the run measured nothing.
ScheduleFigures read_schedule(const std::string& dir, const std::string& flag);

}  // namespace tpcc
