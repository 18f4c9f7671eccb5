#include "report/results/sweep_json.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "config/errors.hpp"
#include "config/json_text.hpp"
#include "config/sweep_grid.hpp"
#include "report/results/repeat_set_json.hpp"
#include "report/results/result_read.hpp"

namespace tpcc {
namespace {

using Json = nlohmann::json;

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "";
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

Json parse_or_null(const std::string& text) {
  try {
    return text.empty() ? Json() : Json::parse(text);
  } catch (const Json::exception&) {
    return Json();
  }
}

}  // namespace

std::string sweep_result_json(const SweepView& view) {
  Json j;
  j["kind"] = kSweepKind;
  Json axes = Json::array();
  for (const SweepAxis& a : view.axes) {
    axes.push_back(
        {{"name", a.name}, {"kind", sweep_axis_kind_name(a.kind)}, {"values", a.values}});
  }
  j["axes"] = axes;
  Json points = Json::array();
  for (const SweepPointView& p : view.points) {
    Json values = Json::object();
    for (std::size_t i = 0; i < view.axes.size() && i < p.values.size(); ++i) {
      values[view.axes[i].name] = p.values[i];
    }
    Json figures = Json::array();
    for (const RepeatedFigure& f : p.figures) {
      if (f.spread) figures.push_back(repeated_figure_json(f));
    }
    points.push_back({{"dir", p.dir},
                      {"values", values},
                      {"status", p.status},
                      {"exit_status", p.exit_status},
                      {"detail", p.detail.empty() ? Json(nullptr) : Json(p.detail)},
                      {"runs", p.runs},
                      {"figures", figures},
                      {"database", p.database.empty() ? Json(nullptr) : Json(p.database)}});
  }
  j["points"] = points;
  j["interrupted"] = view.interrupted;
  j["exit_status"] = view.exit_status;
  j["tool"] = "tpcc";
  j["tool_version"] = TPCC_VERSION;
  return json_text(j, 2) + "\n";
}

bool is_sweep_result(const std::string& dir) {
  const Json j = parse_or_null(read_text(dir + "/result.json"));
  return j.is_object() && j.value("kind", "") == kSweepKind;
}

void read_sweep_figures(SweepView& view, const std::string& dir) {
  for (SweepPointView& p : view.points) {
    p.figures.clear();
    p.runs = 0;
    const std::string point_dir = dir + "/" + p.dir;
    if (read_text(point_dir + "/result.json").empty()) continue;
    try {
      const std::vector<ResultDir> runs = read_result_set(point_dir, "tpcc sweep", false);
      p.runs = runs.size();
      p.figures = sweep_point_figures(runs);
    } catch (const UsageError&) {
      // It measured nothing (result.json says why): no figures.
    }
  }
  add_interference_figures(view);
}

SweepView read_sweep_result(const std::string& dir, const std::string& flag) {
  const std::string path = dir + "/result.json";
  const std::string text = read_text(path);
  if (text.empty()) throw UsageError(flag + ": cannot read " + path);
  const Json j = parse_or_null(text);
  if (!j.is_object() || j.value("kind", "") != kSweepKind) {
    throw UsageError(flag + ": " + path + " is not a tpcc sweep's result");
  }
  SweepView view;
  try {
    for (const Json& a : j.at("axes")) {
      const std::string kind = a.at("kind").get<std::string>();
      const std::optional<SweepAxisKind> known = sweep_axis_kind_named(kind);
      if (!known) {
        throw UsageError(flag + ": " + path + " is not a tpcc sweep's result (an axis of kind '" +
                         kind + "')");
      }
      view.axes.push_back({a.at("name").get<std::string>(),
                           a.at("values").get<std::vector<std::string>>(), *known});
    }
    for (const Json& p : j.at("points")) {
      SweepPointView point;
      point.dir = p.at("dir").get<std::string>();
      for (const SweepAxis& a : view.axes)
        point.values.push_back(p.at("values").at(a.name).get<std::string>());
      point.status = p.at("status").get<std::string>();
      point.exit_status = p.at("exit_status").get<int>();
      if (p.at("detail").is_string()) point.detail = p.at("detail").get<std::string>();
      if (p.value("database", Json()).is_string()) point.database = p.at("database");
      view.points.push_back(std::move(point));
    }
    view.interrupted = j.at("interrupted").get<bool>();
    view.exit_status = j.at("exit_status").get<int>();
  } catch (const Json::exception& e) {
    throw UsageError(flag + ": " + path + " is not a tpcc sweep's result (" + e.what() + ")");
  }
  read_sweep_figures(view, dir);
  return view;
}

}  // namespace tpcc
