#include "report/results/schedule_json.hpp"

#include <fstream>

#include "config/errors.hpp"
#include "report/results/json_round.hpp"

namespace tpcc {
namespace {

using Json = nlohmann::json;

Json percentile_ms(const LatencyHistogram& h, double p) {
  return h.count() > 0 ? Json(micros_as_ms(h.percentile(p))) : Json(nullptr);
}

std::optional<double> optional_number(const Json& j, const char* key) {
  const Json& v = j.at(key);
  return v.is_null() ? std::nullopt : std::optional<double>(v.get<double>());
}

}  // namespace

Json schedule_json(const Config& config, const RunInfo& info, const RunStats& stats) {
  const LatencyHistogram latency = latency_all(stats);
  const double limit = config.pgbench.latency_limit_ms;
  Json j;
  j["rate_per_minute"] = config.rate_tpm > 0 ? Json(config.rate_tpm) : Json(nullptr);
  j["measured_seconds"] = info.measured_seconds;
  j["completed"] = completed_total(stats);
  j["errors"] = errors_total(stats);
  j["latency_from_due_ms"] = {{"p50", percentile_ms(latency, 50)},
                              {"p99", percentile_ms(latency, 99)},
                              {"p99_9", percentile_ms(latency, 99.9)}};
  const LatencyHistogram lag = schedule_lag_all(stats);
  j["lag_ms"] = lag.count() > 0 ? Json{{"mean", micros_as_ms(lag.mean())},
                                       {"p50", percentile_ms(lag, 50)},
                                       {"p99", percentile_ms(lag, 99)},
                                       {"max", micros_as_ms(static_cast<double>(lag.max()))}}
                                : Json(nullptr);
  j["latency_limit_ms"] = limit > 0 ? Json(limit) : Json(nullptr);
  j["late"] = limit > 0 ? Json(late_total(stats)) : Json(nullptr);
  j["skipped"] = limit > 0 ? Json(skipped_total(stats)) : Json(nullptr);
  return j;
}

ScheduleFigures schedule_from_json(const Json& result) {
  const Json& j = result.at("schedule");
  ScheduleFigures f;
  f.rate_per_minute = optional_number(j, "rate_per_minute");
  f.measured_seconds = j.at("measured_seconds").get<double>();
  f.completed = j.at("completed").get<std::int64_t>();
  f.errors = j.at("errors").get<std::int64_t>();
  const Json& latency = j.at("latency_from_due_ms");
  f.p50_ms = optional_number(latency, "p50");
  f.p99_ms = optional_number(latency, "p99");
  f.p999_ms = optional_number(latency, "p99_9");
  f.latency_limit_ms = optional_number(j, "latency_limit_ms");
  if (f.latency_limit_ms) {
    f.late = j.at("late").get<std::int64_t>();
    f.skipped = j.at("skipped").get<std::int64_t>();
  }
  const std::string stop = result.at("stop_reason").get<std::string>();
  if (stop != "completed") {
    const Json& detail = result.at("stop_detail");
    f.stopped = stop + (detail.is_string() ? ": " + detail.get<std::string>() : std::string());
  }
  return f;
}

ScheduleFigures read_schedule(const std::string& dir, const std::string& flag) {
  const std::string path = dir + "/result.json";
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError(flag + ": the run wrote no " + path);
  try {
    const Json j = Json::parse(in);
    if (j.value("measured", true) == false) {
      throw UsageError(flag + ": the run measured nothing (" +
                       j.value("stop_reason", std::string("not_started")) + ": " +
                       j.value("stop_detail", std::string()) + ")");
    }
    return schedule_from_json(j);
  } catch (const Json::exception& e) {
    throw UsageError(flag + ": " + path + " holds no schedule of a run (" + e.what() + ")");
  }
}

}  // namespace tpcc
