#include "report/results/repeat_set_json.hpp"

#include <nlohmann/json.hpp>

#include "config/json_text.hpp"
#include "report/results/json_round.hpp"

namespace tpcc {
namespace {

using Json = nlohmann::json;

Json number(const std::optional<double>& v, int decimals) {
  return v ? Json(round_to(*v, decimals)) : Json(nullptr);
}

}  // namespace

Json repeated_figure_json(const RepeatedFigure& f) {
  Json values = Json::array();
  for (const auto& v : f.values) values.push_back(number(v, f.decimals));
  Json j = {{"name", f.name}, {"values", values}};
  if (!f.spread) return j;
  const Spread& s = *f.spread;
  const int d = f.decimals + 1;
  j["median"] = round_to(s.median, d);
  j["mean"] = round_to(s.mean, d);
  j["min"] = round_to(s.min, d);
  j["max"] = round_to(s.max, d);
  j["stddev"] = round_to(s.stddev, d);
  j["cv"] = number(s.cv, 4);
  j["ci95"] =
      s.ci_low ? Json::array({round_to(*s.ci_low, d), round_to(*s.ci_high, d)}) : Json(nullptr);
  j["noisy"] = f.noisy();
  return j;
}

std::string repeat_set_json(const std::vector<RepeatSetRun>& runs,
                            const std::vector<RepeatedFigure>& figures, int exit_status) {
  Json j;
  j["kind"] = kRepeatSetKind;
  Json listed = Json::array();
  for (const RepeatSetRun& r : runs) {
    listed.push_back({{"dir", r.dir}, {"exit_status", r.exit_status}});
  }
  j["runs"] = listed;
  j["noisy_above_cv"] = kNoisyCoefficientOfVariation;
  Json listed_figures = Json::array();
  for (const RepeatedFigure& f : figures) listed_figures.push_back(repeated_figure_json(f));
  j["figures"] = listed_figures;
  j["exit_status"] = exit_status;
  j["tool"] = "tpcc";
  j["tool_version"] = TPCC_VERSION;
  return json_text(j, 2);
}

}  // namespace tpcc
