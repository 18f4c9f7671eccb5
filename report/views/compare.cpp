#include "report/views/compare.hpp"

#include <algorithm>
#include <cmath>

#include "metrics/stats.hpp"
#include "report/views/config_leaves.hpp"
#include "report/views/format.hpp"
#include "report/views/server_metrics_view.hpp"

namespace tpcc {
namespace {

using Values = std::vector<std::optional<double>>;

ComparedFigure figure(std::string name, Values values, int decimals, bool of_set = true,
                      bool swept = false) {
  ComparedFigure f{std::move(name), std::move(values), {}, decimals, of_set, swept};
  for (const auto& v : f.values) f.ratios.push_back(ratio_to(f.values.front(), v));
  return f;
}

template <typename Get>
Values each(const std::vector<ResultDir>& runs, Get get) {
  Values values;
  for (const ResultDir& r : runs) values.push_back(get(r));
  return values;
}

// The wait events compared: the first few of each run's measured waits.
constexpr std::size_t kComparedWaitsPerRun = 4;

// CPU milliseconds per transaction attempted in the measured interval, from
// the server metrics' CPU seconds of each measured interval (the kit's own
// process, or the server's processes on this host); none where the run did
// not sample them.
std::optional<double> cpu_ms_per_transaction(
    const ResultDir& r, std::optional<double> ServerMetricsInterval::*cpu_seconds) {
  std::optional<double> seconds;
  for (const ServerMetricsPoint& point : r.info.server_metrics.intervals) {
    if (point.warmup || !(point.metrics.*cpu_seconds)) continue;
    seconds = seconds.value_or(0) + *(point.metrics.*cpu_seconds);
  }
  std::int64_t transactions = errors_total(r.stats);
  for (const TypeLatency& type : r.workload.types) transactions += type.count;
  if (!seconds || transactions == 0) return std::nullopt;
  return *seconds * 1000 / static_cast<double>(transactions);
}

// The transaction types of the runs, each once, in the order they give them.
std::vector<std::string> type_names(const std::vector<ResultDir>& runs) {
  std::vector<std::string> names;
  for (const ResultDir& r : runs) {
    for (const TypeLatency& t : r.workload.types) {
      if (std::find(names.begin(), names.end(), t.name) == names.end()) names.push_back(t.name);
    }
  }
  return names;
}

const TypeLatency* type_of(const ResultDir& r, const std::string& name) {
  for (const TypeLatency& t : r.workload.types) {
    if (t.name == name) return &t;
  }
  return nullptr;
}

bool any_value(const ComparedFigure& f) {
  return std::any_of(f.values.begin(), f.values.end(), [](const auto& v) { return v.has_value(); });
}

std::vector<std::string> compared_wait_events(const std::vector<std::vector<WaitShare>>& waits) {
  std::vector<std::string> events;
  for (const auto& run : waits) {
    for (std::size_t i = 0; i < run.size() && i < kComparedWaitsPerRun; ++i) {
      if (std::find(events.begin(), events.end(), run[i].event) == events.end()) {
        events.push_back(run[i].event);
      }
    }
  }
  return events;
}

}  // namespace

std::vector<ComparedFigure> compared_server_metrics(const std::vector<ResultDir>& runs) {
  std::vector<ComparedFigure> figures;
  for (const ServerMetric& metric : server_metrics_shown()) {
    ComparedFigure f = figure(
        metric.name,
        each(runs,
             [&](const ResultDir& r) { return measured_mean(r.info.server_metrics, metric); }),
        metric.decimals);
    if (any_value(f)) figures.push_back(f);
  }
  std::vector<std::vector<WaitShare>> waits;
  for (const ResultDir& r : runs) waits.push_back(measured_waits(r.info.server_metrics));
  for (const std::string& event : compared_wait_events(waits)) {
    Values shares;
    for (std::size_t i = 0; i < runs.size(); ++i) {
      std::optional<double> share;
      if (!waits[i].empty()) share = 0.0;  // sampled, and this event not seen
      for (const WaitShare& w : waits[i]) {
        if (w.event == event) share = 100.0 * w.share;
      }
      shares.push_back(share);
    }
    figures.push_back(figure("wait " + event + " %", shares, 1));
  }
  return figures;
}

std::optional<double> ratio_to(const std::optional<double>& a, const std::optional<double>& b) {
  if (!a || !b || *a == 0) return std::nullopt;
  return *b / *a;
}

std::string ratio_text(const std::optional<double>& ratio) {
  if (!ratio) return "-";
  int decimals = 2;
  for (double r = std::abs(*ratio); r > 0 && r < 0.1 && decimals < 9; r *= 10) ++decimals;
  return fixed(*ratio, decimals) + "\u00d7";
}

std::vector<ComparedFigure> compared_figures(const std::vector<ResultDir>& runs) {
  std::vector<ComparedFigure> figures;
  for (const ResultDir& run : runs) {
    for (const WorkloadFigure& f : run.workload.headline) {
      auto known = std::find_if(figures.begin(), figures.end(),
                                [&f](const ComparedFigure& c) { return c.name == f.name; });
      if (known == figures.end()) {
        known = figures.insert(figures.end(), {f.name, {}, {}, f.decimals, false, false});
      }
      known->of_set = known->of_set || f.of_set;
      known->swept = known->swept || f.swept;
    }
  }
  for (ComparedFigure& c : figures) {
    c = figure(c.name,
               each(runs, [&c](const ResultDir& r) { return figure_value(r.workload, c.name); }),
               c.decimals, c.of_set, c.swept);
  }
  // With one type its latencies are the headline's: per-type rows only for
  // runs of several (TPC-C's five, pgbench's scripts).
  const std::vector<std::string> types = type_names(runs);
  for (const auto percentile : {&TypeLatency::p90_ms, &TypeLatency::p99_ms}) {
    if (types.size() < 2) break;
    const std::string suffix = percentile == &TypeLatency::p90_ms ? " p90 ms" : " p99 ms";
    for (const std::string& type : types) {
      ComparedFigure f = figure(type + suffix,
                                each(runs,
                                     [&type, percentile](const ResultDir& r) {
                                       const TypeLatency* t = type_of(r, type);
                                       return t ? t->*percentile : std::nullopt;
                                     }),
                                2, true, percentile == &TypeLatency::p90_ms);
      if (any_value(f)) figures.push_back(f);
    }
  }
  for (const auto& [name, cpu] :
       {std::pair{"client CPU ms/txn", &ServerMetricsInterval::client_cpu_seconds},
        std::pair{"server CPU ms/txn", &ServerMetricsInterval::server_cpu_seconds}}) {
    ComparedFigure f = figure(
        name,
        each(runs, [cpu = cpu](const ResultDir& r) { return cpu_ms_per_transaction(r, cpu); }), 3);
    if (any_value(f)) figures.push_back(f);
  }
  return figures;
}

std::vector<ComparedSetting> compared_settings(const std::vector<std::string>& config_jsons) {
  std::vector<ComparedSetting> settings;
  for (std::size_t run = 0; run < config_jsons.size(); ++run) {
    for (const auto& [key, value] : config_leaves(config_jsons[run])) {
      auto it = std::find_if(settings.begin(), settings.end(),
                             [&](const ComparedSetting& s) { return s.key == key; });
      if (it == settings.end()) {
        settings.push_back(
            {key, std::vector<std::optional<std::string>>(config_jsons.size()), false});
        it = std::prev(settings.end());
      }
      it->values[run] = value;
    }
  }
  for (ComparedSetting& s : settings) {
    s.differs = std::any_of(s.values.begin(), s.values.end(),
                            [&](const auto& v) { return v != s.values.front(); });
  }
  return settings;
}

}  // namespace tpcc
