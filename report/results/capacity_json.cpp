#include "report/results/capacity_json.hpp"

#include <nlohmann/json.hpp>

#include "config/json_text.hpp"
#include "config/names.hpp"
#include "report/results/json_round.hpp"
#include "report/workload_report.hpp"

namespace tpcc {
namespace {

using Json = nlohmann::ordered_json;

Json number(const std::optional<double>& v, int decimals) {
  return v ? Json(round_to(*v, decimals)) : Json(nullptr);
}

const char* verdict_key(CapacityVerdict verdict) {
  switch (verdict) {
    case CapacityVerdict::Pass: return "pass";
    case CapacityVerdict::Fail: return "fail";
    case CapacityVerdict::Stopped: return "stopped";
  }
  return "?";
}

Json searched_step_json(const CapacityStep& s) {
  if (!s.throughput_name.empty()) {
    return {{"step", s.step},
            {"dir", s.dir},
            {"terminals", s.terminals},
            {"throughput_name", s.throughput_name},
            {"throughput", number(s.throughput, 3)},
            {"latency_name", s.latency_name},
            {"latency_ms", number(s.latency_ms, 3)},
            {"verdict", verdict_key(s.verdict)},
            {"why", s.why},
            {"exit_status", s.exit_status}};
  }
  return {{"step", s.step},
          {"dir", s.dir},
          {"active_warehouses", s.active_warehouses},
          {"terminals", s.terminals},
          {"tpmc", round_to(s.tpmc, 2)},
          {"efficiency", number(s.efficiency, 2)},
          {"new_order_p90_ms", number(s.new_order_p90_ms, 3)},
          {"verdict", verdict_key(s.verdict)},
          {"why", s.why},
          {"exit_status", s.exit_status}};
}

// A step of a search over --rate carries its rate too.
Json step_json(const CapacityStep& s) {
  Json j = searched_step_json(s);
  if (s.rate) j["rate"] = {{"value", *s.rate}, {"unit", s.rate_unit}};
  return j;
}

}  // namespace

std::string capacity_json(const Config& config, const CapacitySearchRecord& search) {
  const bool paced = capacity_paced(config);
  Json j;
  j["kind"] = kCapacitySearchKind;
  j["searched"] = config.search_over_rate ? "rate" : paced ? "active warehouses" : "terminals";
  j["workload"] = workload_name(config);
  j["loaded_warehouses"] = search.loaded_warehouses;
  j["start"] = config.search_start;
  j["most"] = search.most;
  j["step_duration_seconds"] = config.duration_seconds;
  j["step_warmup_seconds"] = config.warmup_seconds;
  if (paced) {
    j["criteria"] = {{"efficiency_floor_percent", config.efficiency_floor},
                     {"rules", Json::array({"5.2.5.3", "5.2.3 (once a whole deck is dealt)"})}};
  } else if (workload_report(config.workload).tpmc) {
    j["criteria"] = {{"new_order_p90_limit_ms", config.latency_limit_ms}};
  } else {
    j["criteria"] = {{"latency", capacity_tail_text(config)},
                     {"latency_limit_ms", config.latency_limit_ms}};
  }
  Json steps = Json::array();
  for (const CapacityStep& s : search.steps) steps.push_back(step_json(s));
  j["steps"] = steps;
  j["answer"] = search.answer ? step_json(*search.answer) : Json(nullptr);
  j["answer_line"] = search.answer_line;
  j["stopped"] = search.stopped.empty() ? Json(nullptr) : Json(search.stopped);
  if (search.confirmation) {
    const CapacityConfirmation& c = *search.confirmation;
    j["confirmation"] = {{"dir", c.dir},
                         {"exit_status", c.exit_status},
                         {"rules_pass", c.rules_pass},
                         {"rules", c.rules_line}};
  } else {
    j["confirmation"] = nullptr;
  }
  j["exit_status"] = search.exit_status;
  return json_text(j, 2);
}

}  // namespace tpcc
