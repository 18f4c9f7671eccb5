#include "report/html/sweep_page.hpp"

#include "report/html/html_report.hpp"
#include "report/html/parts.hpp"
#include "report/views/format.hpp"

namespace tpcc {
namespace {

using html::cell;

std::string axes_title(const SweepView& view) {
  std::string out;
  for (const SweepAxis& a : view.axes) {
    out += (out.empty() ? "" : " \u00d7 ") + sweep_axis_label(a);
  }
  return out;
}

// One series per combination of the other axes: the figure's median (a
// single run's value) at each point that has it, with its interval when
// the point was repeated.
svg::LineChart figure_chart(const SweepView& view, const std::string& figure,
                            const std::string& title, const std::string& x_figure) {
  svg::LineChart chart;
  chart.title = title;
  chart.y_label = figure;
  const std::size_t x_axis = sweep_x_axis(view);
  if (x_figure.empty() && x_axis < view.axes.size()) {
    chart.x_label = sweep_axis_label(view.axes[x_axis]);
    if (sweep_axis_categorical(view.axes[x_axis])) chart.x_categories = view.axes[x_axis].values;
  } else {
    chart.x_label = x_figure;
  }
  const std::vector<SweepSeries> series = sweep_series(view);
  for (std::size_t k = 0; k < series.size(); ++k) {
    svg::Series s;
    s.name = series[k].name;
    s.color = svg::palette(k);
    s.dots = true;
    bool bars = true;
    for (const std::size_t index : series[k].points) {
      const SweepPointView& p = view.points[index];
      const RepeatedFigure* y = sweep_figure(p, figure);
      const RepeatedFigure* x = x_figure.empty() ? nullptr : sweep_figure(p, x_figure);
      if (y == nullptr || (!x_figure.empty() && x == nullptr)) continue;
      s.x.push_back(x != nullptr ? x->spread->median : sweep_x(view, p));
      s.y.push_back(y->spread->median);
      bars = bars && y->spread->ci_low.has_value();
      s.y_low.push_back(y->spread->ci_low.value_or(y->spread->median));
      s.y_high.push_back(y->spread->ci_high.value_or(y->spread->median));
    }
    if (!bars) {
      s.y_low.clear();
      s.y_high.clear();
    }
    chart.series.push_back(std::move(s));
  }
  return chart;
}

std::string median_text(const SweepPointView& p, const std::string& name) {
  const RepeatedFigure* f = sweep_figure(p, name);
  return f != nullptr ? fixed(f->spread->median, f->decimals) : "-";
}

std::string points_table(const SweepView& view) {
  const std::vector<std::string> figures = sweep_figure_names(view);
  std::string h = "<table class=\"compare\">\n<tr>";
  for (const SweepAxis& a : view.axes) h += cell(sweep_axis_label(a), "th");
  const bool databases = sweep_has_databases(view);
  if (databases) h += cell("database", "th");
  h += cell("status", "th") + cell("runs", "th");
  for (std::size_t k = 0; k < figures.size(); ++k) {
    h += cell(figures[k], "th");
    if (k == 0) h += cell(figures[k] + " 95 % CI", "th");
  }
  h += cell("report", "th") + "</tr>\n";
  for (const SweepPointView& p : view.points) {
    const bool bad = p.status == "failed" || p.status == "interrupted";
    h += bad ? "<tr class=\"diff\">" : "<tr>";
    for (const std::string& v : p.values) h += cell(v);
    if (databases) h += cell(p.database);
    std::string status = p.status;
    if (p.exit_status != 0) status += " (exit " + std::to_string(p.exit_status) + ")";
    h += "<td" + std::string(bad ? " class=\"fail\"" : "") + ">" + html_escape(status) +
         (p.detail.empty() ? "" : "<div class=\"detail\">" + html_escape(p.detail) + "</div>") +
         "</td>";
    h += cell(p.runs == 0 ? "-" : std::to_string(p.runs));
    for (std::size_t k = 0; k < figures.size(); ++k) {
      h += cell(median_text(p, figures[k]));
      if (k != 0) continue;
      const RepeatedFigure* f = sweep_figure(p, figures[k]);
      h += cell(f != nullptr ? interval_text(f->spread->ci_low, f->spread->ci_high, f->decimals)
                             : "-");
    }
    h += p.runs == 0
             ? cell("-")
             : "<td><a href=\"" + html_escape(p.dir + "/" + kReportFile) + "\">report</a></td>";
    h += "</tr>\n";
  }
  return h + "</table>\n";
}

std::string status_line(const SweepView& view) {
  std::size_t done = 0;
  for (const SweepPointView& p : view.points) done += p.status == "done" ? 1 : 0;
  std::string h = "<p>" + std::to_string(done) + " of " + std::to_string(view.points.size()) +
                  " points done; exit status " + std::to_string(view.exit_status) + ".";
  if (view.interrupted) {
    h += " <span class=\"interrupted\">Interrupted: the same command continues at the first "
         "point not done.</span>";
  }
  for (const std::string& failure : sweep_failures(view)) {
    h += "<br><span class=\"fail\">" + html_escape(failure) + "</span>";
  }
  return h + "</p>\n";
}

}  // namespace

std::string html_sweep(const SweepView& view) {
  const std::string title = "Sweep: " + axes_title(view);
  std::string h = html::page_head("tpcc: " + title) + "<h1>" + html_escape(title) + "</h1>\n" +
                  status_line(view);
  const std::size_t x_axis = sweep_x_axis(view);
  const std::string x_name = x_axis < view.axes.size() ? sweep_axis_label(view.axes[x_axis]) : "";
  const std::vector<std::string> figures = sweep_figure_names(view);
  if (!figures.empty()) {
    const std::string& throughput = figures.front();
    h += "<h2>Throughput</h2>\n<p class=\"note\">Each point's " + html_escape(throughput) +
         ": a single run's, or the median of its repeated runs with the 95 % confidence "
         "interval of their mean as a bar.</p>\n<div class=\"charts\">\n<figure>" +
         svg::line_chart(figure_chart(view, throughput, throughput + " against " + x_name, "")) +
         "</figure>\n</div>\n";
    const std::vector<std::string> latencies = sweep_latency_names(view);
    if (!latencies.empty()) {
      h += "<h2>Latency against throughput</h2>\n<p class=\"note\">Each latency (median over "
           "a point's runs) against the point's " +
           html_escape(throughput) + ", the points joined in the order of " + html_escape(x_name) +
           ".</p>\n<div class=\"charts\">\n";
      for (const std::string& latency : latencies) {
        h += "<figure>" +
             svg::line_chart(
                 figure_chart(view, latency, latency + " against " + throughput, throughput)) +
             "</figure>\n";
      }
      h += "</div>\n";
    }
  }
  h += "<h2>Points</h2>\n" + points_table(view);
  return h + "</body>\n</html>\n";
}

}  // namespace tpcc
