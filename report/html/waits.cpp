// report.html's wait-event breakdown: what the kit's own backends were
// doing when sampled (several times a second, those in a statement or a
// transaction only), over the measured interval as a table and per
// interval as stacked bars of the same events.
#include "report/html/parts.hpp"
#include "report/views/format.hpp"
#include "report/views/server_metrics_view.hpp"

namespace tpcc::html {
namespace {

// The events the bars tell apart; the rest is "other". Six colours and a
// grey stay readable in one legend row of the wide chart.
constexpr std::size_t kChartedWaits = 6;
constexpr const char* kOtherColor = "#9e9e9e";

// The table's rows; the rarer events are summed into one row.
constexpr std::size_t kTableWaits = 10;

std::string wait_row(const std::string& event, std::int64_t samples, double share) {
  return "<tr>" + cell(event) + cell(std::to_string(samples)) +
         cell(fixed(100.0 * share, 1) + "%") + "</tr>\n";
}

std::string measured_table(const std::vector<WaitShare>& waits) {
  std::string t = "<table>\n<tr>" + cell("wait event (type:event)", "th") + cell("samples", "th") +
                  cell("share", "th") + "</tr>\n";
  std::int64_t rest_samples = 0;
  double rest_share = 0;
  for (std::size_t i = 0; i < waits.size(); ++i) {
    if (i < kTableWaits) {
      t += wait_row(waits[i].event, waits[i].samples, waits[i].share);
    } else {
      rest_samples += waits[i].samples;
      rest_share += waits[i].share;
    }
  }
  if (waits.size() > kTableWaits) {
    t += wait_row(std::to_string(waits.size() - kTableWaits) + " other events", rest_samples,
                  rest_share);
  }
  return t + "</table>\n";
}

svg::StackedBarChart per_interval_chart(const ServerMetricsRun& run,
                                        const std::vector<WaitShare>& waits) {
  svg::StackedBarChart c;
  c.title = "Wait events per interval, % of the kit's backends' samples";
  c.y_label = "% of samples";
  c.y_scale = 100;
  c.width = 1120;
  std::vector<std::string> shown;
  for (std::size_t i = 0; i < waits.size() && i < kChartedWaits; ++i) {
    shown.push_back(waits[i].event);
    c.categories.push_back({waits[i].event, svg::palette(i), {}, {}});
  }
  c.categories.push_back({"other", kOtherColor, {}, {}});
  const std::vector<double> lengths = interval_lengths(run.intervals);
  double warmup_end = 0;
  for (std::size_t i = 0; i < run.intervals.size(); ++i) {
    const ServerMetricsPoint& p = run.intervals[i];
    if (p.warmup) warmup_end = p.end_seconds;
    c.bars.push_back({p.end_seconds - lengths[i], p.end_seconds, wait_shares_of(p.metrics, shown)});
  }
  if (warmup_end > 0) c.bands.push_back({0, warmup_end, "warm-up"});
  return c;
}

}  // namespace

std::string wait_events_section(const ServerMetricsRun& run, const std::string& heading) {
  if (!run.enabled) return "";
  std::string h = "<h2>" + html_escape(heading) + "</h2>\n";
  const std::vector<WaitShare> waits = measured_waits(run);
  if (waits.empty()) {
    return h +
           "<p class=\"note\">No wait-event samples in the measured interval (the server "
           "lacks pg_stat_activity.wait_event, or no backend was at work when sampled).</p>\n";
  }
  h += "<p class=\"note\">pg_stat_activity of the kit's own connections, sampled several "
       "times a second while in a statement or a transaction; CPU: not waiting. Shares of all "
       "samples of the "
       "measured interval (result.json server_metrics.intervals[].top_waits).</p>\n";
  return h + measured_table(waits) + svg::stacked_bar_chart(per_interval_chart(run, waits));
}

}  // namespace tpcc::html
