#include "workloads/sysbench/report/sysbench_figures.hpp"

#include "report/results/json_number.hpp"
#include "report/views/format.hpp"

namespace tpcc {
namespace {

using Json = nlohmann::json;

// queries of one kind per second of the measured interval.
std::optional<double> per_second_of(const Json& queries, const char* kind, double seconds) {
  if (seconds <= 0) return std::nullopt;
  return queries.at(kind).get<double>() / seconds;
}

// "p95": the key of the run's latency percentile; empty with --percentile 0.
std::string percentile_key(const Json& sysbench) {
  const int percentile = sysbench.at("percentile").get<int>();
  return percentile > 0 ? "p" + std::to_string(percentile) : std::string();
}

WorkloadFigure latency(const Json& latency_ms, const std::string& which) {
  return headline_figure("latency_" + which + "_ms", "latency " + which + " ms",
                         json_number(latency_ms, which.c_str()), "ms", Better::Lower, 3);
}

WorkloadFigure count(const char* key, const char* name, const Json& s) {
  return headline_figure(key, name, json_number(s, key), "", Better::Neither, 0);
}

// sysbench's final block: tps, qps with its read / write / other split,
// the latency with the run's percentile (none with --percentile 0).
std::vector<WorkloadFigure> sysbench_headline(const Json& s, double seconds) {
  const Json& latency_ms = s.at("latency_ms");
  const std::string percentile = percentile_key(s);
  std::vector<WorkloadFigure> figures = {
      summarised(headline_figure("tps", "tps", json_number(s, "tps"), "1/s", Better::Higher, 2)),
      summarised(headline_figure("qps", "qps", json_number(s, "qps"), "1/s", Better::Higher, 2))};
  for (const char* kind : {"read", "write", "other"}) {
    figures.push_back(headline_figure(std::string(kind) + "_qps", std::string(kind) + " qps",
                                      per_second_of(s.at("queries"), kind, seconds), "1/s",
                                      Better::Higher, 2));
  }
  figures.push_back(latency(latency_ms, "min"));
  figures.push_back(latency(latency_ms, "avg"));
  if (!percentile.empty())
    figures.push_back(held_to_limit(summarised(latency(latency_ms, percentile))));
  figures.push_back(latency(latency_ms, "max"));
  figures.push_back(count("transactions", "transactions", s));
  figures.push_back(count("ignored_errors", "ignored errors", s));
  figures.push_back(count("reconnects", "reconnects", s));
  return figures;
}

// Each standby's side of an oltp run: its read-only test's figures and
// its replication lag.
WorkloadTable standbys_table(const Json& standbys) {
  WorkloadTable t{"Standbys (read-only side)", {}};
  int number_of = 0;
  for (const Json& standby : standbys) {
    const Json& s = standby.at("sysbench");
    const Json& latency_ms = s.at("latency_ms");
    const Json& replay = standby.at("replication_lag").is_null()
                             ? Json()
                             : standby.at("replication_lag").value("replay_lag_ms", Json());
    // Every side has the run's percentile.
    const std::string percentile = percentile_key(s);
    t.rows.header = {"standby",
                     "target",
                     "test",
                     "terminals",
                     "tps",
                     "qps",
                     "avg ms",
                     (percentile.empty() ? "-" : percentile) + " ms",
                     "replay lag p99 ms"};
    t.rows.rows.push_back(
        {std::to_string(++number_of), standby.at("target").get<std::string>(),
         standby.at("workload").get<std::string>(),
         std::to_string(standby.at("terminals").get<int>()),
         fixed_or_dash(json_number(s, "tps"), 2), fixed_or_dash(json_number(s, "qps"), 2),
         fixed_or_dash(json_number(latency_ms, "avg"), 3),
         fixed_or_dash(
             percentile.empty() ? std::nullopt : json_number(latency_ms, percentile.c_str()), 3),
         fixed_or_dash(replay.is_null() ? std::nullopt : json_number(replay, "p99"), 3)});
  }
  return t;
}

}  // namespace

WorkloadFigures sysbench_figures(const Json& result) {
  WorkloadFigures f;
  f.workload = result.at("workload").get<std::string>();
  const Json& s = result.at("sysbench");
  f.headline = sysbench_headline(s, result.at("measured_seconds").get<double>());
  // One type: the test's event; its percentiles are in the figures block
  // only (the final block keeps the run's one percentile).
  f.types.push_back({f.workload, s.at("transactions").get<std::int64_t>(), {}, {}, {}, {}});
  if (result.contains("standbys")) f.tables.push_back(standbys_table(result.at("standbys")));
  return f;
}

}  // namespace tpcc
