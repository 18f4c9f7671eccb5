#include "report/results/figures_json.hpp"

#include <string>

#include "report/results/json_number.hpp"
#include "report/results/json_round.hpp"
#include "report/views/format.hpp"
#include "report/workload_report.hpp"

namespace tpcc {
namespace {

using Json = nlohmann::json;
using Ordered = nlohmann::ordered_json;

Ordered optional_json(const std::optional<double>& v) { return v ? Ordered(*v) : Ordered(nullptr); }

const char* better_name(Better better) {
  switch (better) {
    case Better::Higher: return "higher";
    case Better::Lower: return "lower";
    case Better::Neither: break;
  }
  return "neither";
}

Better better_of(const std::string& name) {
  if (name == "higher") return Better::Higher;
  if (name == "lower") return Better::Lower;
  return Better::Neither;
}

std::optional<double> percentile_ms(const LatencyHistogram& h, double p) {
  if (h.count() == 0) return std::nullopt;
  return micros_as_ms(h.percentile(p));
}

void fill(TypeLatency& type, const LatencyHistogram& h) {
  type.p50_ms = percentile_ms(h, 50);
  type.p90_ms = percentile_ms(h, 90);
  type.p99_ms = percentile_ms(h, 99);
  if (h.count() > 0) type.max_ms = micros_as_ms(static_cast<double>(h.max()));
}

WorkloadFigure headline_of(const Json& j) {
  WorkloadFigure f =
      headline_figure(j.at("key").get<std::string>(), j.at("label").get<std::string>(),
                      json_number(j, "value"), j.at("unit").get<std::string>(),
                      better_of(j.at("better").get<std::string>()), j.at("decimals").get<int>());
  f.of_set = j.at("repeat_summary").get<bool>();
  f.swept = j.at("sweep_column").get<bool>();
  f.tail = j.at("latency_limit").get<bool>();
  return f;
}

TypeLatency type_of(const Json& j) {
  return {j.at("name").get<std::string>(), j.at("count").get<std::int64_t>(),
          json_number(j, "p50_ms"),        json_number(j, "p90_ms"),
          json_number(j, "p99_ms"),        json_number(j, "max_ms")};
}

}  // namespace

WorkloadFigures figures_of_own_keys(const Json& result) {
  WorkloadFigures figures = workload_report_of(result).figures(result);
  // What ran beside it (a mixed run's analytic streams): its tables after
  // the run's own, titled with where it ran and its headline; the figures
  // of its headline a repeated set summarises after the run's own (QphH; a
  // mixed run's interference), so that repeated sets, --compare and sweeps
  // show them. The run's own tail latency stays the one capacity holds.
  for (const WorkloadReport* side : side_reports_of(result)) {
    const WorkloadFigures beside = side->figures(result);
    for (WorkloadFigure f : beside.headline) {
      if (!f.of_set) continue;
      f.tail = false;
      figures.headline.push_back(std::move(f));
    }
    std::string heading = side->result_key;
    const Json& block = result.at(side->result_key);
    if (block.contains("on")) heading += " on the " + block.at("on").get<std::string>();
    for (const WorkloadFigure& f : beside.headline) {
      heading += (&f == &beside.headline.front() ? ": " : ", ") + f.name + " " +
                 (f.value ? fixed(*f.value, f.decimals) : std::string("-"));
    }
    for (WorkloadTable table : beside.tables) {
      table.title = heading + " (" + table.title + ")";
      figures.tables.push_back(std::move(table));
    }
    for (WorkloadChart chart : beside.charts) {
      chart.title = std::string(side->result_key) + ": " + chart.title;
      figures.charts.push_back(std::move(chart));
    }
  }
  return figures;
}

void add_type_latencies(WorkloadFigures& figures, const RunStats& stats) {
  if (figures.types.size() == stats.types()) {
    for (std::size_t k = 0; k < stats.types(); ++k) fill(figures.types[k], stats.txn[k].latency);
  } else if (figures.types.size() == 1) {
    fill(figures.types.front(), latency_all(stats));
  }
}

Ordered figures_json(const WorkloadFigures& figures) {
  Ordered headline = Ordered::array();
  for (const WorkloadFigure& f : figures.headline) {
    headline.push_back({{"key", f.key},
                        {"label", f.name},
                        {"value", optional_json(f.value)},
                        {"unit", f.unit},
                        {"better", better_name(f.better)},
                        {"decimals", f.decimals},
                        {"repeat_summary", f.of_set},
                        {"sweep_column", f.swept},
                        {"latency_limit", f.tail}});
  }
  Ordered types = Ordered::array();
  for (const TypeLatency& t : figures.types) {
    types.push_back({{"name", t.name},
                     {"count", t.count},
                     {"p50_ms", optional_json(t.p50_ms)},
                     {"p90_ms", optional_json(t.p90_ms)},
                     {"p99_ms", optional_json(t.p99_ms)},
                     {"max_ms", optional_json(t.max_ms)}});
  }
  return {{"headline", headline}, {"types", types}};
}

WorkloadFigures result_figures(const Json& result) {
  WorkloadFigures figures = figures_of_own_keys(result);
  if (!result.contains("figures")) return figures;
  const Json& block = result.at("figures");
  figures.headline.clear();
  for (const Json& f : block.at("headline")) figures.headline.push_back(headline_of(f));
  figures.types.clear();
  for (const Json& t : block.at("types")) figures.types.push_back(type_of(t));
  return figures;
}

}  // namespace tpcc
