#include "workloads/pgbench/report/pgbench_figures.hpp"

#include "report/results/json_number.hpp"
#include "report/views/format.hpp"

namespace tpcc {
namespace {

using Json = nlohmann::json;

// The latency under key of "latency_ms", named "latency <word> ms".
WorkloadFigure latency(const Json& latency_ms, const char* key, const std::string& word) {
  return headline_figure("latency_" + word + "_ms", "latency " + word + " ms",
                         json_number(latency_ms, key), "ms", Better::Lower, 3);
}

WorkloadFigure count(const char* key, const Json& p) {
  return headline_figure(key, key, json_number(p, key), "", Better::Neither, 0);
}

// pgbench's final block: tps, the latency average and stddev.
std::vector<WorkloadFigure> pgbench_headline(const Json& p) {
  const Json& latency_ms = p.at("latency_ms");
  WorkloadFigure average = summarised(latency(latency_ms, "average", "avg"));
  // The average is the figure a sweep draws and a set weighs; capacity
  // holds the p99 to its limit.
  return {
      summarised(headline_figure("tps", "tps", json_number(p, "tps"), "1/s", Better::Higher, 2)),
      average,
      latency(latency_ms, "stddev", "stddev"),
      held_to_limit(latency(latency_ms, "p99", "p99")),
      count("transactions", p),
      count("failed", p),
      count("scale", p)};
}

WorkloadTable scripts_table(const Json& scripts) {
  WorkloadTable t{"Scripts", {}};
  t.rows.header = {"script", "builtin", "transactions", "failed", "tps", "avg ms", "stddev ms"};
  for (const Json& s : scripts) {
    const Json& latency_ms = s.at("latency_ms");
    t.rows.rows.push_back(
        {s.at("script").get<std::string>(), s.at("builtin").get<bool>() ? "yes" : "no",
         fixed_or_dash(json_number(s, "transactions"), 0),
         fixed_or_dash(json_number(s, "failed"), 0), fixed_or_dash(json_number(s, "tps"), 2),
         fixed_or_dash(json_number(latency_ms, "average"), 3),
         fixed_or_dash(json_number(latency_ms, "stddev"), 3)});
  }
  return t;
}

}  // namespace

WorkloadFigures pgbench_figures(const Json& result) {
  WorkloadFigures f;
  f.workload = result.at("workload").get<std::string>();
  const Json& p = result.at("pgbench");
  f.headline = pgbench_headline(p);
  // One type per script; their percentiles are in the figures block only
  // (the final block keeps each script's average and stddev).
  for (const Json& s : p.at("scripts")) {
    f.types.push_back({s.at("script").get<std::string>(),
                       s.at("transactions").get<std::int64_t>(),
                       {},
                       {},
                       {},
                       {}});
  }
  f.tables.push_back(scripts_table(p.at("scripts")));
  return f;
}

}  // namespace tpcc
