#include "config/sweep_grid.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "config/workload_config.hpp"

namespace tpcc {
namespace {

std::vector<SweepValue> values_of(const std::vector<SweepAxis>& axes,
                                  const std::vector<std::string>& values, bool server_settings) {
  std::vector<SweepValue> out;
  for (std::size_t i = 0; i < axes.size() && i < values.size(); ++i) {
    if (axes[i].server_setting() == server_settings) {
      out.push_back(sweep_point_value(axes[i], values[i]));
    }
  }
  return out;
}

constexpr SweepAxisKind kAxisKinds[] = {SweepAxisKind::RunOption, SweepAxisKind::ServerSetting,
                                        SweepAxisKind::ScriptVariable};

bool safe(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || std::strchr("._-=,+", c) != nullptr;
}

}  // namespace

const char* sweep_axis_kind_name(SweepAxisKind kind) {
  switch (kind) {
    case SweepAxisKind::RunOption: return "run option";
    case SweepAxisKind::ServerSetting: return "server setting";
    case SweepAxisKind::ScriptVariable: return "script variable";
  }
  return "?";
}

std::optional<SweepAxisKind> sweep_axis_kind_named(const std::string& name) {
  for (const SweepAxisKind kind : kAxisKinds) {
    if (name == sweep_axis_kind_name(kind)) return kind;
  }
  return std::nullopt;
}

const char* sweep_axis_flag(SweepAxisKind kind) {
  switch (kind) {
    case SweepAxisKind::RunOption: return "--vary";
    case SweepAxisKind::ServerSetting: return "--vary-setting";
    case SweepAxisKind::ScriptVariable: return "--vary-define";
  }
  return "?";
}

SweepValue sweep_point_value(const SweepAxis& axis, const std::string& value) {
  if (axis.kind == SweepAxisKind::ScriptVariable) return {"define", axis.name + "=" + value};
  return {axis.name, value};
}

std::vector<std::vector<std::string>> sweep_grid(const std::vector<SweepAxis>& axes) {
  std::vector<std::vector<std::string>> points;
  if (axes.empty()) return points;
  for (const SweepAxis& axis : axes) {
    if (axis.values.empty()) return points;
  }
  std::vector<std::size_t> at(axes.size(), 0);  // an odometer, the first digit fastest
  while (true) {
    std::vector<std::string> point;
    for (std::size_t i = 0; i < axes.size(); ++i) point.push_back(axes[i].values[at[i]]);
    points.push_back(std::move(point));
    std::size_t i = 0;
    while (i < axes.size() && ++at[i] == axes[i].values.size()) at[i++] = 0;
    if (i == axes.size()) return points;
  }
}

std::string sweep_point_name(const std::vector<SweepAxis>& axes,
                             const std::vector<std::string>& values) {
  std::string name;
  for (std::size_t i = 0; i < axes.size() && i < values.size(); ++i) {
    name += (i == 0 ? "" : ",") + axes[i].name + "=" + values[i];
  }
  for (char& c : name) {
    if (!safe(c)) c = '_';
  }
  // "." and ".." name no directory of their own; a leading '-' reads as an option.
  if (name.empty() || name.front() == '.' || name.front() == '-') name = "point" + name;
  return name;
}

std::vector<SweepValue> sweep_run_values(const std::vector<SweepAxis>& axes,
                                         const std::vector<std::string>& values) {
  return values_of(axes, values, false);
}

std::vector<SweepValue> sweep_setting_values(const std::vector<SweepAxis>& axes,
                                             const std::vector<std::string>& values) {
  return values_of(axes, values, true);
}

bool sweep_load_axis(const std::string& name) {
  for (const WorkloadConfig* workload : workload_configs()) {
    const std::vector<std::string>& axes = workload->load_axes;
    if (std::find(axes.begin(), axes.end(), name) != axes.end()) return true;
  }
  return false;
}

std::vector<std::string> sweep_load_axes(WorkloadKind workload) {
  return workload_config(workload).load_axes;
}

std::vector<SweepValue> sweep_load_values(const std::vector<SweepAxis>& axes,
                                          const std::vector<std::string>& values) {
  std::vector<SweepValue> out;
  for (std::size_t i = 0; i < axes.size() && i < values.size(); ++i) {
    if (axes[i].kind == SweepAxisKind::RunOption && sweep_load_axis(axes[i].name)) {
      out.push_back({axes[i].name, values[i]});
    }
  }
  return out;
}

std::string sweep_load_database(const std::string& database, const std::vector<SweepValue>& load) {
  std::string name = database + "_sweep";
  for (const SweepValue& v : load) name += "_" + v.name + v.value;
  for (char& c : name) {
    if (std::isalnum(static_cast<unsigned char>(c)) == 0 && c != '_') c = '_';
  }
  return name;
}

}  // namespace tpcc
