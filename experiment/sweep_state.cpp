#include "experiment/sweep_state.hpp"

#include <stdexcept>

#include <nlohmann/json.hpp>

#include "config/json_text.hpp"
#include "config/sweep_grid.hpp"

namespace tpcc {
namespace {

using Json = nlohmann::json;

// A run stopped by SIGINT, SIGTERM or SIGHUP (config/errors.hpp's
// kExitInterrupted, which the experiment room does not see).
constexpr int kInterruptedStatus = 130;

constexpr PointStatus kStatuses[] = {PointStatus::Pending, PointStatus::Done, PointStatus::Failed,
                                     PointStatus::Interrupted};

PointStatus status_named(const std::string& name) {
  for (const PointStatus s : kStatuses) {
    if (name == point_status_name(s)) return s;
  }
  throw std::runtime_error("unknown point status '" + name + "'");
}

std::string joined(const std::vector<std::string>& values) {
  std::string out;
  for (const std::string& v : values) out += (out.empty() ? "" : ",") + v;
  return out;
}

}  // namespace

const char* point_status_name(PointStatus status) {
  switch (status) {
    case PointStatus::Pending: return "pending";
    case PointStatus::Done: return "done";
    case PointStatus::Failed: return "failed";
    case PointStatus::Interrupted: return "interrupted";
  }
  return "?";
}

SweepState new_sweep_state(const std::vector<SweepAxis>& axes, int repeat) {
  SweepState state;
  state.axes = axes;
  state.repeat = repeat;
  for (std::vector<std::string>& values : sweep_grid(axes)) {
    SweepPointState point;
    point.name = sweep_point_name(axes, values);
    point.values = std::move(values);
    state.points.push_back(std::move(point));
  }
  return state;
}

std::string sweep_state_json(const SweepState& state) {
  Json j;
  j["kind"] = "sweep state";
  Json axes = Json::array();
  for (const SweepAxis& a : state.axes) {
    axes.push_back(
        {{"name", a.name}, {"kind", sweep_axis_kind_name(a.kind)}, {"values", a.values}});
  }
  j["axes"] = axes;
  j["repeat"] = state.repeat;
  Json points = Json::array();
  for (const SweepPointState& p : state.points) {
    points.push_back({{"dir", p.name},
                      {"values", p.values},
                      {"status", point_status_name(p.status)},
                      {"exit_status", p.exit_status},
                      {"detail", p.detail}});
  }
  j["points"] = points;
  Json loads = Json::array();
  for (const SweepLoadState& l : state.loads) {
    loads.push_back({{"load", l.load}, {"database", l.database}, {"ready", l.ready}});
  }
  j["loads"] = loads;
  Json settings = Json::array();
  for (const SettingOriginal& s : state.settings) {
    settings.push_back({{"name", s.name},
                        {"context", s.context},
                        {"value", s.value},
                        {"in_auto_conf", s.in_auto_conf},
                        {"auto_conf_value", s.auto_conf_value}});
  }
  j["settings_before"] = settings;
  j["settings_changed"] = state.settings_changed;
  return json_text(j, 2) + "\n";
}

SweepState parse_sweep_state(const std::string& text) {
  try {
    const Json j = Json::parse(text);
    if (j.value("kind", "") != "sweep state") throw std::runtime_error("not a tpcc sweep.json");
    SweepState state;
    for (const Json& a : j.at("axes")) {
      const std::string kind = a.at("kind").get<std::string>();
      const std::optional<SweepAxisKind> known = sweep_axis_kind_named(kind);
      if (!known) throw std::runtime_error("not a tpcc sweep.json: an axis of kind '" + kind + "'");
      state.axes.push_back({a.at("name").get<std::string>(),
                            a.at("values").get<std::vector<std::string>>(), *known});
    }
    state.repeat = j.at("repeat").get<int>();
    for (const Json& p : j.at("points")) {
      state.points.push_back({p.at("dir").get<std::string>(),
                              p.at("values").get<std::vector<std::string>>(),
                              status_named(p.at("status").get<std::string>()),
                              p.at("exit_status").get<int>(), p.value("detail", "")});
    }
    for (const Json& l : j.value("loads", Json::array())) {
      state.loads.push_back({l.at("load").get<std::string>(), l.at("database").get<std::string>(),
                             l.at("ready").get<bool>()});
    }
    for (const Json& s : j.at("settings_before")) {
      state.settings.push_back({s.at("name").get<std::string>(), s.at("context").get<std::string>(),
                                s.at("value").get<std::string>(), s.at("in_auto_conf").get<bool>(),
                                s.at("auto_conf_value").get<std::string>()});
    }
    state.settings_changed = j.at("settings_changed").get<bool>();
    return state;
  } catch (const Json::exception& e) {
    throw std::runtime_error(std::string("not a tpcc sweep.json: ") + e.what());
  }
}

std::string grid_difference(const SweepState& existing, const std::vector<SweepAxis>& axes,
                            int repeat) {
  const auto flag = [](const SweepAxis& a) {
    return std::string(sweep_axis_flag(a.kind)) + " " + a.name;
  };
  for (const SweepAxis& a : axes) {
    bool found = false;
    for (const SweepAxis& e : existing.axes) {
      if (e.name != a.name || e.kind != a.kind) continue;
      found = true;
      if (e.values != a.values) {
        return flag(a) + ": " + joined(a.values) + " here, " + joined(e.values) +
               " in the sweep there";
      }
    }
    if (!found) return flag(a) + ": not an axis of the sweep there";
  }
  for (const SweepAxis& e : existing.axes) {
    bool found = false;
    for (const SweepAxis& a : axes) found = found || (e.name == a.name);
    if (!found) return flag(e) + ": an axis of the sweep there, not given here";
  }
  for (std::size_t i = 0; i < axes.size() && i < existing.axes.size(); ++i) {
    if (axes[i].name != existing.axes[i].name) {
      return "the axes are given in another order than the sweep there's";
    }
  }
  if (existing.repeat != repeat) {
    return "--repeat " + std::to_string(repeat) + " here, " + std::to_string(existing.repeat) +
           " in the sweep there";
  }
  return "";
}

bool point_finished(const std::string& result_json, int repeat) {
  if (result_json.empty()) return false;
  Json j;
  try {
    j = Json::parse(result_json);
  } catch (const Json::exception&) {
    return false;  // cut off by a kill while written
  }
  if (!j.is_object() || j.value("exit_status", 0) == kInterruptedStatus) return false;
  if (j.value("kind", "") == "repeated runs") {
    const Json runs = j.value("runs", Json::array());
    if (static_cast<int>(runs.size()) != repeat) return false;
    for (const Json& run : runs) {
      if (run.value("exit_status", 0) == kInterruptedStatus) return false;
    }
    const Json figures = j.value("figures", Json::array());
    return !figures.empty() && figures.front().contains("median");
  }
  return j.value("measured", true) && !j.value("interrupted", false);
}

}  // namespace tpcc
