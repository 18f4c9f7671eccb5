#include "report/views/sweep_view.hpp"

#include <algorithm>
#include <cstdlib>
#include <optional>

#include "metrics/spread.hpp"

namespace tpcc {

namespace {

bool is_latency(const std::string& name) {
  const std::string suffix = " ms";
  return name.size() > suffix.size() &&
         name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The point of the same values as `point` but `value` on axis `axis`.
const SweepPointView* point_with(const SweepView& view, const SweepPointView& point,
                                 std::size_t axis, const std::string& value) {
  for (const SweepPointView& other : view.points) {
    bool same = other.values.size() == point.values.size();
    for (std::size_t a = 0; same && a < point.values.size(); ++a) {
      same = other.values[a] == (a == axis ? value : point.values[a]);
    }
    if (same) return &other;
  }
  return nullptr;
}

// The figure of that name (a spread or not), nullptr without.
const RepeatedFigure* figure_named(const SweepPointView& point, const std::string& name) {
  for (const RepeatedFigure& f : point.figures) {
    if (f.name == name) return &f;
  }
  return nullptr;
}

// point's throughput in % of reference's: each run's value over the
// reference runs' mean, their spread, and the ratio of the means' interval.
std::optional<RepeatedFigure> percent_of(const RepeatedFigure& reference,
                                         const RepeatedFigure& throughput,
                                         const std::string& name) {
  const std::vector<double> a = present_values(reference.values);
  const std::vector<double> b = present_values(throughput.values);
  if (a.empty() || b.empty()) return std::nullopt;
  const double mean = spread_of(a).mean;
  if (mean <= 0) return std::nullopt;
  RepeatedFigure f;
  f.name = name;
  f.decimals = 1;
  f.swept = true;
  for (const auto& v : throughput.values) {
    f.values.push_back(v ? std::optional<double>(*v / mean * 100) : std::nullopt);
  }
  f.spread = spread_of(present_values(f.values));
  // The interval of the ratio of the means, both sets' noise in it.
  const RatioInterval ratio = ratio_interval(a, b);
  f.spread->ci_low.reset();
  f.spread->ci_high.reset();
  if (ratio.low && ratio.high) {
    f.spread->ci_low = *ratio.low * 100;
    f.spread->ci_high = *ratio.high * 100;
  }
  return f;
}

}  // namespace

void add_interference_figures(SweepView& view) {
  const auto axis = static_cast<std::size_t>(
      std::find_if(view.axes.begin(), view.axes.end(),
                   [](const SweepAxis& a) {
                     return a.kind == SweepAxisKind::RunOption && a.name == kInterferenceAxis;
                   }) -
      view.axes.begin());
  if (axis == view.axes.size()) return;
  const std::vector<std::string>& values = view.axes[axis].values;
  if (std::find(values.begin(), values.end(), "0") == values.end()) return;
  const std::vector<std::string> names = sweep_figure_names(view);
  if (names.empty()) return;
  const std::string& throughput = names.front();
  const std::string name = throughput + " % of " + std::string(kInterferenceAxis) + "=0";
  std::vector<std::optional<RepeatedFigure>> added;
  for (const SweepPointView& p : view.points) {
    const SweepPointView* reference = point_with(view, p, axis, "0");
    const RepeatedFigure* a = reference ? figure_named(*reference, throughput) : nullptr;
    const RepeatedFigure* b = figure_named(p, throughput);
    added.push_back(a && b ? percent_of(*a, *b, name) : std::nullopt);
  }
  for (std::size_t k = 0; k < view.points.size(); ++k) {
    if (!added[k]) continue;
    std::vector<RepeatedFigure>& figures = view.points[k].figures;
    // After the throughput, so that the columns read tpmC, its interval, its %.
    const auto at = std::find_if(figures.begin(), figures.end(),
                                 [&](const RepeatedFigure& f) { return f.name == throughput; });
    figures.insert(at == figures.end() ? at : at + 1, *added[k]);
  }
}

std::vector<RepeatedFigure> sweep_point_figures(const std::vector<ResultDir>& runs) {
  std::vector<RepeatedFigure> figures = repeated_figures(runs);
  figures.erase(std::remove_if(figures.begin(), figures.end(),
                               [](const RepeatedFigure& f) { return !f.swept; }),
                figures.end());
  return figures;
}

bool sweep_has_databases(const SweepView& view) {
  return std::any_of(view.points.begin(), view.points.end(),
                     [](const SweepPointView& p) { return !p.database.empty(); });
}

std::vector<std::string> sweep_figure_names(const SweepView& view) {
  std::vector<std::string> names;
  for (const SweepPointView& p : view.points) {
    for (const RepeatedFigure& f : p.figures) {
      if (std::find(names.begin(), names.end(), f.name) == names.end()) names.push_back(f.name);
    }
  }
  return names;
}

std::vector<std::string> sweep_latency_names(const SweepView& view) {
  std::vector<std::string> names = sweep_figure_names(view);
  names.erase(std::remove_if(names.begin(), names.end(),
                             [](const std::string& n) { return !is_latency(n); }),
              names.end());
  return names;
}

bool sweep_axis_categorical(const SweepAxis& axis) {
  if (axis.server_setting()) return true;
  return std::any_of(axis.values.begin(), axis.values.end(), [](const std::string& v) {
    char* end = nullptr;
    std::strtod(v.c_str(), &end);
    return v.empty() || end == nullptr || *end != '\0';
  });
}

std::string sweep_axis_label(const SweepAxis& axis) {
  return axis.kind == SweepAxisKind::ScriptVariable ? ":" + axis.name : axis.name;
}

const RepeatedFigure* sweep_figure(const SweepPointView& point, const std::string& name) {
  for (const RepeatedFigure& f : point.figures) {
    if (f.name == name && f.spread) return &f;
  }
  return nullptr;
}

std::size_t sweep_x_axis(const SweepView& view) {
  for (std::size_t i = 0; i < view.axes.size(); ++i) {
    if (view.axes[i].kind == SweepAxisKind::RunOption) return i;
  }
  return 0;
}

double sweep_x(const SweepView& view, const SweepPointView& point) {
  const std::size_t axis = sweep_x_axis(view);
  if (axis >= view.axes.size() || axis >= point.values.size()) return 0;
  const std::string& value = point.values[axis];
  if (!sweep_axis_categorical(view.axes[axis])) return std::strtod(value.c_str(), nullptr);
  const auto& values = view.axes[axis].values;
  return static_cast<double>(std::find(values.begin(), values.end(), value) - values.begin() + 1);
}

std::vector<SweepSeries> sweep_series(const SweepView& view) {
  const std::size_t x_axis = sweep_x_axis(view);
  std::vector<SweepSeries> series;
  for (std::size_t p = 0; p < view.points.size(); ++p) {
    std::string name;
    for (std::size_t a = 0; a < view.axes.size() && a < view.points[p].values.size(); ++a) {
      if (a == x_axis) continue;
      name += (name.empty() ? "" : ",") + sweep_axis_label(view.axes[a]) + "=" +
              view.points[p].values[a];
    }
    if (name.empty()) name = "all points";
    auto it = std::find_if(series.begin(), series.end(),
                           [&](const SweepSeries& s) { return s.name == name; });
    if (it == series.end()) it = series.insert(series.end(), {name, {}});
    it->points.push_back(p);
  }
  for (SweepSeries& s : series) {
    std::stable_sort(s.points.begin(), s.points.end(), [&](std::size_t a, std::size_t b) {
      return sweep_x(view, view.points[a]) < sweep_x(view, view.points[b]);
    });
  }
  return series;
}

std::vector<std::string> sweep_failures(const SweepView& view) {
  std::vector<std::string> out;
  for (const SweepPointView& p : view.points) {
    if (p.status != "failed" && p.status != "interrupted") continue;
    out.push_back(p.dir + " (" + p.status + ", exit " + std::to_string(p.exit_status) +
                  (p.detail.empty() ? "" : ": " + p.detail) + ")");
  }
  return out;
}

}  // namespace tpcc
