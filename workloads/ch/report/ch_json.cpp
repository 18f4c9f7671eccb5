#include "workloads/ch/report/ch_json.hpp"

#include "metrics/stats.hpp"
#include "report/results/json_number.hpp"
#include "report/results/json_round.hpp"
#include "report/views/format.hpp"
#include "workloads/ch/report/ch_servers.hpp"

namespace tpcc {
namespace {

using Json = nlohmann::json;

Json query_json(const ChQueryFigures& q) {
  return {{"query", q.name},
          {"count", q.count},
          {"rows", q.rows},
          {"errors", q.errors},
          {"recovery_conflicts", q.recovery_conflicts},
          {"cancels", q.cancels},
          {"latency_ms",
           {{"p50", round_to(q.p50_ms, 3)},
            {"p90", round_to(q.p90_ms, 3)},
            {"max", round_to(q.max_ms, 3)}}}};
}

WorkloadTable queries_table(const Json& queries) {
  WorkloadTable t{"Queries", {}};
  t.rows.header = {"query",   "count",  "rows",   "errors", "recovery conflicts",
                   "cancels", "p50 ms", "p90 ms", "max ms"};
  for (const Json& q : queries) {
    const Json& latency_ms = q.at("latency_ms");
    t.rows.rows.push_back(
        {q.at("query").get<std::string>(), fixed_or_dash(json_number(q, "count"), 0),
         fixed_or_dash(json_number(q, "rows"), 0), fixed_or_dash(json_number(q, "errors"), 0),
         fixed_or_dash(json_number(q, "recovery_conflicts"), 0),
         fixed_or_dash(json_number(q, "cancels"), 0),
         fixed_or_dash(json_number(latency_ms, "p50"), 3),
         fixed_or_dash(json_number(latency_ms, "p90"), 3),
         fixed_or_dash(json_number(latency_ms, "max"), 3)});
  }
  return t;
}

Json ratio_json(const std::optional<double>& ratio) {
  return ratio ? Json(round_to(*ratio, 4)) : Json(nullptr);
}

Json interference_json(const ChInterference& i) {
  return {{"baseline_seconds", round_to(i.alone_seconds, 3)},
          {"mixed_seconds", round_to(i.mixed_seconds, 3)},
          {"tpmc_alone", round_to(i.tpmc_alone, 2)},
          {"tpmc_mixed", round_to(i.tpmc_mixed, 2)},
          {"ratio", ratio_json(i.ratio)},
          {"tpm_total_alone", round_to(i.tpm_total_alone, 2)},
          {"tpm_total_mixed", round_to(i.tpm_total_mixed, 2)},
          {"tpm_total_ratio", ratio_json(i.total_ratio)}};
}

// ratio x 100; none without a ratio.
std::optional<double> percent_of(const Json& block, const char* key) {
  const std::optional<double> ratio = json_number(block, key);
  if (!ratio) return std::nullopt;
  return *ratio * 100;
}

// --ch-baseline's split: TPC-C alone against beside the streams, a row
// each, and the mixed over the alone in %.
WorkloadTable interference_table(const Json& i) {
  WorkloadTable t{"Interference: TPC-C alone, then beside the streams", {}};
  t.rows.header = {"part", "seconds", "tpmC", "tpmTOTAL"};
  t.rows.rows = {
      {"TPC-C alone (the baseline)", fixed_or_dash(json_number(i, "baseline_seconds"), 1),
       fixed_or_dash(json_number(i, "tpmc_alone"), 1),
       fixed_or_dash(json_number(i, "tpm_total_alone"), 1)},
      {"beside the streams", fixed_or_dash(json_number(i, "mixed_seconds"), 1),
       fixed_or_dash(json_number(i, "tpmc_mixed"), 1),
       fixed_or_dash(json_number(i, "tpm_total_mixed"), 1)},
      {"% of alone", "", fixed_or_dash(percent_of(i, "ratio"), 1),
       fixed_or_dash(percent_of(i, "tpm_total_ratio"), 1)}};
  return t;
}

// The split's figures a repeated set summarises (with --repeat, the ratio's
// spread and confidence interval), and its table.
void add_interference(WorkloadFigures& f, const Json& i) {
  for (WorkloadFigure figure :
       {headline_figure("tpmc_alone", "tpmC alone", json_number(i, "tpmc_alone"), "tpm",
                        Better::Higher, 1),
        headline_figure("tpmc_mixed", "tpmC beside the streams", json_number(i, "tpmc_mixed"),
                        "tpm", Better::Higher, 1),
        headline_figure("tpmc_percent_of_alone", "tpmC % of alone", percent_of(i, "ratio"), "%",
                        Better::Higher, 1)}) {
    figure.of_set = true;
    f.headline.push_back(figure);
  }
  f.tables.push_back(interference_table(i));
}

}  // namespace

Json ch_figures_json(const ChFigures& f) {
  Json j;
  if (!f.on.empty()) j["on"] = f.on;
  j["streams"] = f.streams;
  j["seconds"] = round_to(f.seconds, 3);
  j["queries"] = f.queries;
  j["qphh"] = round_to(f.qphh, 2);
  j["latency_ms"] = {{"p50", round_to(f.p50_ms, 3)},
                     {"p90", round_to(f.p90_ms, 3)},
                     {"max", round_to(f.max_ms, 3)}};
  add_ch_servers_json(j, f);
  Json queries = Json::array();
  for (const ChQueryFigures& q : f.per_query) queries.push_back(query_json(q));
  j["per_query"] = queries;
  if (f.interference) j["interference"] = interference_json(*f.interference);
  if (!f.session_settings.empty()) j["session_settings"] = f.session_settings;
  if (!f.merge_rule.empty()) {
    j["merged"] = {{"rule", f.merge_rule}, {"drivers", f.merged_drivers}};
  }
  return j;
}

ChFigures ch_figures_from_json(const Json& ch) {
  ChFigures f;
  f.on = ch.value("on", std::string());
  f.streams = ch.at("streams").get<int>();
  f.seconds = ch.at("seconds").get<double>();
  f.queries = ch.at("queries").get<std::int64_t>();
  f.qphh = ch.at("qphh").get<double>();
  const Json& latency_ms = ch.at("latency_ms");
  f.p50_ms = latency_ms.at("p50").get<double>();
  f.p90_ms = latency_ms.at("p90").get<double>();
  f.max_ms = latency_ms.at("max").get<double>();
  for (const Json& j : ch.at("per_query")) {
    ChQueryFigures q;
    q.name = j.at("query").get<std::string>();
    q.count = j.at("count").get<std::int64_t>();
    q.rows = j.at("rows").get<std::int64_t>();
    q.errors = j.at("errors").get<std::int64_t>();
    q.recovery_conflicts = j.at("recovery_conflicts").get<std::int64_t>();
    q.cancels = j.at("cancels").get<std::int64_t>();
    q.p50_ms = j.at("latency_ms").at("p50").get<double>();
    q.p90_ms = j.at("latency_ms").at("p90").get<double>();
    q.max_ms = j.at("latency_ms").at("max").get<double>();
    f.per_query.push_back(q);
  }
  read_ch_servers_json(ch, f);
  if (ch.contains("session_settings")) {
    f.session_settings = ch.at("session_settings").get<std::vector<std::string>>();
  }
  return f;
}

WorkloadFigures ch_result_figures(const Json& result) {
  WorkloadFigures f;
  f.workload = result.at("workload").get<std::string>();
  const Json& ch = result.at("ch");
  if (ch.is_null()) return f;
  long long errors = 0;
  for (const Json& q : ch.at("per_query")) errors += q.at("errors").get<long long>();
  f.headline = {
      summarised(
          headline_figure("qphh", "QphH", json_number(ch, "qphh"), "1/h", Better::Higher, 2)),
      headline_figure("queries", "queries", json_number(ch, "queries"), "", Better::Neither, 0),
      headline_figure("errors", "errors", static_cast<double>(errors), "", Better::Lower, 0),
      held_to_limit(headline_figure("query_p90_ms", "query p90 ms",
                                    json_number(ch.at("latency_ms"), "p90"), "ms", Better::Lower,
                                    3))};
  // A mixed run's freshness and standbys, before the per-query detail.
  f.tables = ch_servers_tables(ch);
  f.charts = ch_servers_charts(ch);
  for (const Json& q : ch.at("per_query")) {
    const Json& latency_ms = q.at("latency_ms");
    TypeLatency type{
        q.at("query").get<std::string>(), q.at("count").get<std::int64_t>(), {}, {}, {}, {}};
    if (type.count > 0) {
      type.p50_ms = json_number(latency_ms, "p50");
      type.p90_ms = json_number(latency_ms, "p90");
      type.max_ms = json_number(latency_ms, "max");
    }
    f.types.push_back(type);
  }
  f.tables.push_back(queries_table(ch.at("per_query")));
  if (ch.contains("interference") && ch.at("interference").is_object()) {
    add_interference(f, ch.at("interference"));
  }
  return f;
}

}  // namespace tpcc
