#include "report/results/server_metrics_json.hpp"
#include "config/json_text.hpp"

#include <cmath>

namespace tpcc {
namespace {

using Json = nlohmann::ordered_json;

Json optional_json(const std::optional<double>& value, int decimals) {
  if (!value) return nullptr;
  const double scale = std::pow(10.0, decimals);
  return std::round(*value * scale) / scale;
}

Json top_waits_json(const std::vector<WaitShare>& waits) {
  Json list = Json::array();
  for (const WaitShare& w : waits) {
    list.push_back(
        {{"event", w.event}, {"samples", w.samples}, {"share", optional_json(w.share, 4)}});
  }
  return list;
}

Json interval_json(const ServerMetricsPoint& point) {
  const ServerMetricsInterval& m = point.metrics;
  Json j;
  j["elapsed_s"] = optional_json(point.end_seconds, 1);
  j["warmup"] = point.warmup;
  for (std::size_t i = 0; i < kServerCounterCount; ++i) {
    j[server_counter_name(i)] = optional_json(m.deltas[i], 0);
  }
  j["blks_hit_ratio"] = optional_json(m.blks_hit_ratio, 4);
  j["db_bytes"] = optional_json(m.db_bytes, 0);
  j["autovacuum_workers"] = m.autovacuum_workers ? Json(*m.autovacuum_workers) : Json(nullptr);
  j["autovacuum_tables"] = m.autovacuum_tables;
  j["lock_waits"] = m.lock_waits ? Json(*m.lock_waits) : Json(nullptr);
  j["wait_samples"] = m.wait_samples;
  j["top_waits"] = top_waits_json(m.top_waits);
  j["client_cpu_s"] = optional_json(m.client_cpu_seconds, 3);
  const std::optional<HostCpuSplit>& h = m.host_cpu;
  j["host_cpu_pct"] = h ? Json({{"user", optional_json(h->user_pct, 1)},
                                {"system", optional_json(h->system_pct, 1)},
                                {"iowait", optional_json(h->iowait_pct, 1)},
                                {"idle", optional_json(h->idle_pct, 1)}})
                        : Json(nullptr);
  j["server_cpu_s"] = optional_json(m.server_cpu_seconds, 3);
  return j;
}

// Sums one measure over the measured intervals; null if none had it.
template <typename Get>
Json measured_total(const ServerMetricsRun& run, Get get, int decimals) {
  std::optional<double> total;
  for (const ServerMetricsPoint& point : run.intervals) {
    const std::optional<double> value = get(point.metrics);
    if (!point.warmup && value) total = total.value_or(0) + *value;
  }
  return optional_json(total, decimals);
}

using Read = nlohmann::json;

std::optional<double> optional_from(const Read& j, const char* key) {
  const auto it = j.find(key);
  if (it == j.end() || it->is_null()) return std::nullopt;
  return it->get<double>();
}

std::optional<int> optional_int_from(const Read& j, const char* key) {
  const auto it = j.find(key);
  if (it == j.end() || it->is_null()) return std::nullopt;
  return it->get<int>();
}

ServerMetricsPoint point_from(const Read& j) {
  ServerMetricsPoint point;
  point.end_seconds = j.at("elapsed_s").get<double>();
  point.warmup = j.at("warmup").get<bool>();
  ServerMetricsInterval& m = point.metrics;
  for (std::size_t i = 0; i < kServerCounterCount; ++i) {
    m.deltas[i] = optional_from(j, server_counter_name(i));
  }
  m.blks_hit_ratio = optional_from(j, "blks_hit_ratio");
  m.db_bytes = optional_from(j, "db_bytes");
  m.autovacuum_workers = optional_int_from(j, "autovacuum_workers");
  m.autovacuum_tables = j.value("autovacuum_tables", std::string());
  m.lock_waits = optional_int_from(j, "lock_waits");
  m.wait_samples = j.value("wait_samples", std::int64_t{0});
  for (const Read& w : j.value("top_waits", Read::array())) {
    m.top_waits.push_back({w.at("event").get<std::string>(), w.at("samples").get<std::int64_t>(),
                           w.at("share").get<double>()});
  }
  m.client_cpu_seconds = optional_from(j, "client_cpu_s");
  const Read host = j.value("host_cpu_pct", Read());
  if (!host.is_null()) {
    m.host_cpu = HostCpuSplit{host.at("user").get<double>(), host.at("system").get<double>(),
                              host.at("iowait").get<double>(), host.at("idle").get<double>()};
  }
  m.server_cpu_seconds = optional_from(j, "server_cpu_s");
  return point;
}

}  // namespace

ServerMetricsRun server_metrics_from_json(const Read& j) {
  ServerMetricsRun run;
  if (j.is_null() || !j.value("enabled", false)) return run;
  run.enabled = true;
  run.notes = j.value("notes", std::vector<std::string>());
  run.samples = j.value("samples", std::int64_t{0});
  run.sample_failures = j.value("sample_failures", std::int64_t{0});
  for (const Read& point : j.value("intervals", Read::array())) {
    run.intervals.push_back(point_from(point));
  }
  return run;
}

ServerMetricsRun as_written(const ServerMetricsRun& run) {
  return server_metrics_from_json(Read::parse(json_text(server_metrics_json(run))));
}

Json server_metrics_json(const ServerMetricsRun& run) {
  Json j;
  j["enabled"] = run.enabled;
  if (!run.enabled) return j;
  j["notes"] = run.notes;
  j["samples"] = run.samples;
  j["sample_failures"] = run.sample_failures;
  Json totals;
  for (std::size_t i = 0; i < kServerCounterCount; ++i) {
    totals[server_counter_name(i)] = measured_total(
        run, [i](const ServerMetricsInterval& m) { return m.deltas[i]; }, 0);
  }
  totals["client_cpu_s"] = measured_total(
      run, [](const ServerMetricsInterval& m) { return m.client_cpu_seconds; }, 3);
  totals["server_cpu_s"] = measured_total(
      run, [](const ServerMetricsInterval& m) { return m.server_cpu_seconds; }, 3);
  j["totals"] = totals;
  Json intervals = Json::array();
  for (const ServerMetricsPoint& point : run.intervals) intervals.push_back(interval_json(point));
  j["intervals"] = intervals;
  return j;
}

}  // namespace tpcc
