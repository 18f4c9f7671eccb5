#include "report/results/curve_files.hpp"

#include <nlohmann/json.hpp>

#include "report/results/json_round.hpp"

namespace tpcc {
namespace {

using Json = nlohmann::ordered_json;

// "/min" as a column's suffix: "per_min".
std::string per(const std::string& unit) { return "per_" + unit.substr(1); }

std::string number(const std::optional<double>& v, int decimals) {
  if (!v) return "";
  std::string text = std::to_string(round_to(*v, decimals));
  text.erase(text.find_last_not_of('0') + 1);
  if (!text.empty() && text.back() == '.') text.pop_back();
  return text;
}

std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string csv_row(const std::string& kind, int step, const CurvePoint& p) {
  return kind + "," + (step > 0 ? std::to_string(step) : std::string()) + "," +
         number(p.offered, 1) + "," + number(p.achieved, 2) + "," + number(p.p50_ms, 3) + "," +
         number(p.p99_ms, 3) + "," + number(p.p999_ms, 3) + "," + number(p.late_share, 6) + "," +
         number(p.skipped_share, 6) + "," + std::to_string(p.errors) + "," +
         std::to_string(p.exit_status) + "," + quoted(p.failed.empty() ? "ok" : p.failed) + "," +
         p.dir + "\n";
}

Json optional_json(const std::optional<double>& v, int decimals) {
  return v ? Json(round_to(*v, decimals)) : Json(nullptr);
}

Json point_json(const CurvePoint& p) {
  return {{"dir", p.dir},
          {"offered", optional_json(p.offered, 1)},
          {"achieved", round_to(p.achieved, 2)},
          {"measured_seconds", p.measured_seconds},
          {"latency_from_due_ms",
           {{"p50", optional_json(p.p50_ms, 3)},
            {"p99", optional_json(p.p99_ms, 3)},
            {"p99_9", optional_json(p.p999_ms, 3)}}},
          {"late_share", optional_json(p.late_share, 6)},
          {"skipped_share", optional_json(p.skipped_share, 6)},
          {"errors", p.errors},
          {"exit_status", p.exit_status},
          {"failed", p.failed.empty() ? Json(nullptr) : Json(p.failed)}};
}

Json answer_json(const CurveAnswer& a, const CurveRecord& record) {
  Json j = {{"rule", a.rule}, {"line", a.line}, {"step", nullptr}, {"offered", nullptr}};
  if (!a.step) return j;
  const CurvePoint& p = record.ladder[*a.step];
  j["step"] = *a.step + 1;
  j["offered"] = optional_json(p.offered, 1);
  j["achieved"] = round_to(p.achieved, 2);
  j["p99_ms"] = optional_json(p.p99_ms, 3);
  return j;
}

}  // namespace

std::string curve_csv(const CurveRecord& record) {
  const std::string u = per(record.unit);
  std::string text = "kind,step,offered_" + u + ",achieved_" + u +
                     ",p50_ms,p99_ms,p99_9_ms,late_share,skipped_share,errors,exit_status,status,"
                     "dir\n";
  text += csv_row("peak", 0, record.peak);
  for (std::size_t k = 0; k < record.ladder.size(); ++k) {
    text += csv_row("step", static_cast<int>(k) + 1, record.ladder[k]);
  }
  return text;
}

std::string curve_json(const CurveRecord& record) {
  Json ladder = Json::array();
  for (const CurvePoint& p : record.ladder) ladder.push_back(point_json(p));
  const Json j = {{"kind", "curve"},
                  {"workload", record.workload},
                  {"rate_unit", record.unit},
                  {"terminals", record.terminals},
                  {"peak", point_json(record.peak)},
                  {"steps", ladder},
                  {"knee", answer_json(record.knee, record)},
                  {"max_rate_within_latency_limit", answer_json(record.max_rate, record)},
                  {"stopped", record.stopped.empty() ? Json(nullptr) : Json(record.stopped)},
                  {"exit_status", record.exit_status}};
  return j.dump(2) + "\n";
}

}  // namespace tpcc
