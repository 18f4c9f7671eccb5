// report.html's server metrics: the checkpoints and autovacuums as markers
// on the throughput chart, and one chart per group of metrics on the same
// elapsed-seconds axis, the warm-up shaded (report/server_metrics_view
// computes the figures).
#include <algorithm>

#include "report/html/parts.hpp"
#include "report/views/format.hpp"
#include "report/views/server_metrics_view.hpp"

namespace tpcc::html {
namespace {

constexpr const char* kCheckpointColor = "#7b1fa2";
constexpr const char* kAutovacuumColor = "#00838f";
constexpr const char* kCheckpointKind = "checkpoint";
constexpr const char* kAutovacuumKind = "autovacuum";

// The charts' titles in the order of server_metrics_shown().
std::vector<std::string> chart_titles() {
  std::vector<std::string> titles;
  for (const ServerMetric& m : server_metrics_shown()) {
    if (m.chart != nullptr && std::find(titles.begin(), titles.end(), m.chart) == titles.end()) {
      titles.emplace_back(m.chart);
    }
  }
  return titles;
}

// One chart of the metrics drawn in `title`; series without a value in any
// interval are left out, so an empty chart means the run lacks them all.
svg::LineChart metric_chart(const ServerMetricsRun& run, const std::string& title,
                            const std::vector<svg::Marker>& checkpoints) {
  svg::LineChart c;
  c.title = title;
  c.width = 560;
  c.height = 220;
  c.bands = warmup_bands(run.intervals);
  c.markers = checkpoints;
  c.marker_legend = false;  // the section's note says what the dashed lines are
  if (!run.intervals.empty()) c.x_max = run.intervals.back().end_seconds;
  const std::vector<double> lengths = interval_lengths(run.intervals);
  std::size_t colour = 0;
  for (const ServerMetric& m : server_metrics_shown()) {
    if (m.chart == nullptr || title != m.chart) continue;
    svg::Series s{m.name, svg::palette(colour++), {}, {}};
    for (std::size_t i = 0; i < run.intervals.size(); ++i) {
      if (const auto v = m.value(run.intervals[i].metrics, lengths[i])) {
        s.x.push_back(run.intervals[i].end_seconds);
        s.y.push_back(*v);
      }
    }
    if (!s.x.empty()) c.series.push_back(s);
  }
  return c;
}

std::string notes_html(const ServerMetricsRun& run) {
  std::string h =
      "<p class=\"note\">Sampled on a connection of its own: " + std::to_string(run.samples) +
      " sampling rounds, " + std::to_string(run.sample_failures) +
      " failed (timed out or lost; the run went on). Rates are each interval's "
      "counter deltas over its length; the dashed lines mark checkpoints.</p>\n";
  if (run.notes.empty()) return h;
  h += "<ul class=\"note\">\n";
  for (const std::string& note : run.notes) h += "<li>" + html_escape(note) + "</li>\n";
  return h + "</ul>\n";
}

}  // namespace

std::vector<svg::Marker> server_event_markers(const ServerMetricsRun& run) {
  std::vector<svg::Marker> markers;
  for (const ServerEvent& e : server_events(run)) {
    const bool checkpoint = e.kind == ServerEvent::Kind::Checkpoint;
    markers.push_back({e.at_seconds, e.label, checkpoint ? kCheckpointColor : kAutovacuumColor,
                       checkpoint ? kCheckpointKind : kAutovacuumKind, !checkpoint});
  }
  return markers;
}

std::string server_metrics_section(const ServerMetricsRun& run, const std::string& heading) {
  std::string h = "<h2>" + html_escape(heading) + "</h2>\n";
  if (!run.enabled) {
    return h + "<p class=\"note\">Not sampled: the run had --server-metrics off.</p>\n";
  }
  h += notes_html(run);
  std::vector<svg::Marker> checkpoints;
  for (svg::Marker m : server_event_markers(run)) {
    if (m.tick) continue;
    m.label.clear();  // the throughput chart names them; here the legend does
    checkpoints.push_back(m);
  }
  std::string charts, missing;
  for (const std::string& title : chart_titles()) {
    const svg::LineChart c = metric_chart(run, title, checkpoints);
    if (c.series.empty()) {
      missing += (missing.empty() ? "" : "; ") + title;
    } else {
      charts += "<figure>" + svg::line_chart(c) + "</figure>\n";
    }
  }
  if (!charts.empty()) h += "<div class=\"charts\">\n" + charts + "</div>\n";
  if (!missing.empty()) {
    h += "<p class=\"note\">Not charted, the run has no figures for them (see the notes "
         "above; a standby writes no WAL and runs no checkpoints or autovacuum of its own): " +
         html_escape(missing) + ".</p>\n";
  }
  return h;
}

}  // namespace tpcc::html
