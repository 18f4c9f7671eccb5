#include "workloads/sysbench/report/sysbench_json.hpp"

#include "config/names.hpp"
#include "metrics/stats.hpp"
#include "report/results/json_round.hpp"

namespace tpcc {
namespace {

using Json = nlohmann::json;

double ms(double micros) { return micros_as_ms(micros); }

}  // namespace

Json sysbench_figures_json(const Config& config, const RunInfo& info, const RunStats& stats) {
  const double seconds = info.measured_seconds;
  const StatementCounts& q = stats.statements;
  const std::int64_t events = completed_total(stats);
  const LatencyHistogram latency = latency_all(stats);
  Json j;
  j["transactions"] = events;
  j["tps"] = round_to(per_second(events, seconds), 2);
  j["queries"] = {{"read", q.reads}, {"write", q.writes}, {"other", q.other}, {"total", q.total()}};
  j["qps"] = round_to(per_second(q.total(), seconds), 2);
  j["ignored_errors"] = retries_total(stats);
  j["reconnects"] = stats.reconnects;
  // The exact min, as sysbench's: a live run's histogram always knows it.
  Json lat = {{"min", ms(static_cast<double>(latency.min().value_or(0)))},
              {"avg", ms(latency.mean())},
              {"max", ms(static_cast<double>(latency.max()))},
              {"sum", ms(static_cast<double>(latency.sum()))}};
  if (config.sysbench_percentile > 0) {
    lat["p" + std::to_string(config.sysbench_percentile)] =
        ms(latency.percentile(config.sysbench_percentile));
  }
  j["latency_ms"] = lat;
  j["percentile"] = config.sysbench_percentile;
  j["tables"] = config.oltp.tables;
  j["table_size"] = config.oltp.table_size;
  return j;
}

}  // namespace tpcc
