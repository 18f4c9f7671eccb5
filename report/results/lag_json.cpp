#include "report/results/lag_json.hpp"

#include <string>

#include "config/json_text.hpp"
#include "report/results/json_round.hpp"

namespace tpcc {
namespace {

using Json = nlohmann::ordered_json;
using Read = nlohmann::json;

Json lag_summary_json(const LagSummary& summary, int decimals) {
  if (summary.samples == 0) return nullptr;
  return {{"p50", round_to(summary.p50, decimals)},
          {"p99", round_to(summary.p99, decimals)},
          {"max", round_to(summary.max, decimals)},
          {"samples", summary.samples}};
}

LagSummary lag_summary_from(const Read& j) {
  LagSummary summary;
  if (j.is_null()) return summary;
  summary.p50 = j.at("p50").get<double>();
  summary.p99 = j.at("p99").get<double>();
  summary.max = j.at("max").get<double>();
  summary.samples = j.at("samples").get<std::size_t>();
  return summary;
}

std::string text_or_empty(const Read& j) {
  return j.is_null() ? std::string() : j.get<std::string>();
}

}  // namespace

Json replication_lag_json(const LagFigures& lag) {
  Json j;
  j["application_name"] = lag.application_name.empty() ? Json(nullptr) : Json(lag.application_name);
  j["client_addr"] = lag.client_addr.empty() ? Json(nullptr) : Json(lag.client_addr);
  j["samples"] = lag.samples;
  // The primary's pg_stat_replication.
  j["write_lag_ms"] = lag_summary_json(lag.write_lag_ms, 3);
  j["flush_lag_ms"] = lag_summary_json(lag.flush_lag_ms, 3);
  j["replay_lag_ms"] = lag_summary_json(lag.replay_lag_ms, 3);
  j["bytes_behind"] = lag_summary_json(lag.bytes_behind, 0);
  // The standby: now() - pg_last_xact_replay_timestamp().
  j["replay_delay_ms"] = lag_summary_json(lag.replay_delay_ms, 3);
  return j;
}

LagFigures lag_from_json(const Read& j) {
  LagFigures lag;
  lag.application_name = text_or_empty(j.at("application_name"));
  lag.client_addr = text_or_empty(j.at("client_addr"));
  lag.samples = j.at("samples").get<std::size_t>();
  lag.write_lag_ms = lag_summary_from(j.at("write_lag_ms"));
  lag.flush_lag_ms = lag_summary_from(j.at("flush_lag_ms"));
  lag.replay_lag_ms = lag_summary_from(j.at("replay_lag_ms"));
  lag.bytes_behind = lag_summary_from(j.at("bytes_behind"));
  lag.replay_delay_ms = lag_summary_from(j.at("replay_delay_ms"));
  return lag;
}

LagFigures as_written(const LagFigures& lag) {
  return lag_from_json(Read::parse(json_text(replication_lag_json(lag))));
}

}  // namespace tpcc
