#include "workloads/pgbench/report/pgbench_json.hpp"

#include <algorithm>
#include <stdexcept>

#include "metrics/latency_stddev.hpp"
#include "metrics/stats.hpp"
#include "report/results/json_round.hpp"

namespace tpcc {
namespace {

using Json = nlohmann::json;

double ms(double micros) { return micros_as_ms(micros); }

Json figures(std::int64_t processed, std::int64_t failed, const LatencyHistogram& latency,
             double seconds) {
  return {{"transactions", processed},
          {"failed", failed},
          {"tps", round_to(per_second(processed, seconds), 6)},
          {"latency_ms",
           {{"average", ms(latency.mean())},
            {"stddev", ms(latency_stddev(latency))},
            // Exact, as the histogram keeps them (pgbench prints neither).
            {"min", ms(static_cast<double>(latency.min().value_or(0)))},
            {"max", ms(static_cast<double>(latency.max()))},
            // pgbench prints no percentile; tpcc capacity holds this one to its limit.
            {"p99", latency.count() > 0 ? ms(latency.percentile(99)) : 0.0}}}};
}

// With -L: the limit, the transactions above it and (under -R) those
// skipped, over all scripts.
void add_latency_limit(Json& j, const Config& config, const RunStats& stats) {
  if (config.pgbench.latency_limit_ms <= 0) return;
  const std::int64_t late = late_total(stats);
  const std::int64_t skipped = skipped_total(stats);
  j["latency_limit_ms"] = config.pgbench.latency_limit_ms;
  j["late"] = late;
  j["skipped"] = skipped;
}

// Under -R: pgbench's schedule lag (ms), over all scripts.
void add_schedule_lag(Json& j, const Config& config, const RunStats& stats) {
  if (config.rate_tpm <= 0) return;
  const LatencyHistogram lag = schedule_lag_all(stats);
  j["schedule_lag_ms"] = {{"average", ms(lag.mean())}, {"max", ms(static_cast<double>(lag.max()))}};
}

// --report-per-command: each command's first line, average latency (ms),
// runs and failures.
Json commands_json(const std::vector<CommandLatency>& commands) {
  Json all = Json::array();
  for (const CommandLatency& c : commands) {
    all.push_back({{"command", c.text},
                   {"average_ms", round_to(c.average_ms(), 6)},
                   {"runs", c.runs},
                   {"failures", c.failures}});
  }
  return all;
}

// The run's or a standby's figures; each script by slot, named as given
// (`fallback`, a builtin, when none was), with its commands' latencies
// when `commands` has them.
Json side_json(const std::vector<PgbenchScriptChoice>& choices, const char* fallback,
               const RunInfo& info, const RunStats& stats, const ScriptCommandLatencies& commands) {
  const double seconds = info.measured_seconds;
  Json j = figures(completed_total(stats), errors_total(stats), latency_all(stats), seconds);
  Json scripts = Json::array();
  const std::size_t count = std::max<std::size_t>(1, choices.size());
  if (stats.types() < count) {
    throw std::logic_error("pgbench's " + std::to_string(count) + " scripts with statistics of " +
                           std::to_string(stats.types()) + " types");
  }
  for (std::size_t slot = 0; slot < count; ++slot) {
    const TxnStats& s = stats.txn[slot];
    Json script = figures(completed(s), s.errors, s.latency, seconds);
    const bool given = slot < choices.size();
    script["script"] = given ? choices[slot].spec : fallback;
    script["builtin"] = given ? choices[slot].builtin : true;
    if (slot < commands.size()) script["commands"] = commands_json(commands[slot]);
    scripts.push_back(script);
  }
  j["scripts"] = scripts;
  return j;
}

}  // namespace

Json pgbench_figures_json(const Config& config, const RunInfo& info, const RunStats& stats) {
  Json j = side_json(config.pgbench.scripts, "tpcb-like", info, stats, info.pgbench_commands);
  j["scale"] = config.pgbench.scale;
  add_latency_limit(j, config, stats);
  add_schedule_lag(j, config, stats);
  return j;
}

Json pgbench_standby_figures_json(const Config& config, const RunInfo& info,
                                  const RunStats& stats) {
  return side_json(config.pgbench.standby_scripts, "select-only", info, stats, {});
}

}  // namespace tpcc
