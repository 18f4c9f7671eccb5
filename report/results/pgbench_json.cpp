#include "report/results/pgbench_json.hpp"

#include <algorithm>

#include "metrics/latency_stddev.hpp"
#include "metrics/stats.hpp"
#include "report/results/json_round.hpp"

namespace tpcc {
namespace {

using Json = nlohmann::json;

double ms(double micros) { return micros_as_ms(micros); }

Json figures(std::int64_t processed, std::int64_t failed, const LatencyHistogram& latency,
             double seconds) {
  return {
      {"transactions", processed},
      {"failed", failed},
      {"tps", round_to(per_second(processed, seconds), 6)},
      {"latency_ms", {{"average", ms(latency.mean())}, {"stddev", ms(latency_stddev(latency))}}}};
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

}  // namespace

Json pgbench_figures_json(const Config& config, const RunInfo& info, const RunStats& stats) {
  const double seconds = info.measured_seconds;
  Json j = figures(completed_total(stats), errors_total(stats), latency_all(stats), seconds);
  j["scale"] = config.pgbench.scale;
  Json scripts = Json::array();
  const std::size_t count = std::max<std::size_t>(1, config.pgbench.scripts.size());
  for (std::size_t slot = 0; slot < count && slot < stats.txn.size(); ++slot) {
    const TxnStats& s = stats.txn[slot];
    Json script = figures(completed(s), s.errors, s.latency, seconds);
    const bool given = slot < config.pgbench.scripts.size();
    script["script"] = given ? config.pgbench.scripts[slot].spec : "tpcb-like";
    script["builtin"] = given ? config.pgbench.scripts[slot].builtin : true;
    scripts.push_back(script);
  }
  j["scripts"] = scripts;
  add_latency_limit(j, config, stats);
  return j;
}

}  // namespace tpcc
