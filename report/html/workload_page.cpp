// report.html of a run of sysbench's oltp tests, pgbench's scripts or the
// bulk ingest: the page frame of a TPC-C run (health lines, facts,
// timeline, server metrics, configuration) with the workload's own
// headline figures and tables, and its throughput and latency per interval
// from intervals.csv. No TPC-C figure: no tpmC, no run rules, no audits.
#include "config/names.hpp"
#include "report/html/html_report.hpp"
#include "report/html/parts.hpp"
#include "report/views/config_leaves.hpp"
#include "report/views/format.hpp"
#include "report/views/health.hpp"
#include "report/views/lag_text.hpp"
#include "report/workload_report.hpp"

namespace tpcc {
namespace {

using html::cell;
using html::fact;
using html::table_html;

std::string value_text(const WorkloadFigure& f) {
  return f.value ? fixed(*f.value, f.decimals) : std::string("-");
}

std::string facts_html(const ResultDir& run) {
  const RunInfo& info = run.info;
  std::string h = "<div class=\"facts\">\n";
  for (const WorkloadFigure& f : run.workload.headline) h += fact(f.name, value_text(f));
  h += fact(workload_report(run.config.workload).terminals, std::to_string(info.terminals));
  h += fact("measured", fixed(info.measured_seconds, 1) + " s");
  h += fact("warm-up (not counted)", fixed(info.warmup_seconds, 1) + " s");
  h += fact("isolation", std::string(isolation_name(run.config.isolation)));
  h += fact("started", info.started_at);
  h += fact("exit status", std::to_string(info.exit_status));
  return h + "</div>\n";
}

double tps_of(const WorkloadPoint& p) { return p.tps; }
double qps_of(const WorkloadPoint& p) { return p.qps; }
double latency_of(const WorkloadPoint& p) { return p.latency_ms; }

// One figure of every interval (times factor) as a chart across the page,
// the warm-up shaded.
svg::LineChart interval_chart(const std::vector<WorkloadPoint>& points, const std::string& name,
                              const std::string& y_label, std::size_t colour,
                              double (*value)(const WorkloadPoint&), double factor = 1) {
  svg::LineChart c;
  c.title = name + " per interval";
  c.y_label = y_label;
  c.width = 1120;
  c.height = 220;
  c.bands = html::warmup_bands(points);
  svg::Series s{name, svg::palette(colour), {}, {}};
  for (const WorkloadPoint& p : points) {
    s.x.push_back(p.end_seconds);
    s.y.push_back(value(p) * factor);
  }
  c.series = {s};
  return c;
}

// tps (an ingest run's rows/s: its batches times the rows of one) with the
// server's checkpoints and autovacuums marked, an oltp run's qps, and the
// run's latency percentile.
std::string intervals_html(const ResultDir& run, const ServerMetricsRun& metrics) {
  const std::vector<WorkloadPoint>& points = run.workload_points.points;
  std::string h = "<h2>Throughput and latency per interval</h2>\n";
  if (points.empty()) {
    return h +
           "<p class=\"note\">No interval figures: the run ended before its first "
           "interval.</p>\n";
  }
  h += "<p class=\"note\">Each interval's figures from intervals.csv, warm-up shaded.</p>\n";
  const WorkloadReport& report = workload_report(run.config.workload);
  svg::LineChart rate = interval_chart(points, report.rate_name, report.rate_label, 0, tps_of,
                                       report.rate_scale_of(run.config));
  rate.markers = html::server_event_markers(metrics);
  h += svg::line_chart(rate);
  if (report.qps_chart) {
    h += svg::line_chart(interval_chart(points, "qps", "queries per second", 1, qps_of));
  }
  if (run.workload_points.percentile > 0) {
    const std::string name = std::string(report.latency_name) + " p" +
                             std::to_string(run.workload_points.percentile) + " ms";
    h += svg::line_chart(interval_chart(points, name, "ms", 2, latency_of));
  }
  return h;
}

// Each standby of an oltp run: its health, its replication lag and its
// server metrics (its figures are in the standbys' table).
std::string standbys_html(const RunInfo& info) {
  std::string h;
  for (std::size_t i = 0; i < info.standbys.size(); ++i) {
    const StandbyRun& standby = info.standbys[i];
    const int number = static_cast<int>(i + 1);
    const std::string name = "Standby " + std::to_string(number);
    h += "<h2>" + name + " (" + html_escape(standby.target) + ")</h2>\n";
    for (const std::string& line : standby_health_lines(number, standby)) {
      h += "<p class=\"interrupted\">" + html_escape(line) + "</p>\n";
    }
    h += "<p>Replication lag, p50 / p99 / max of " + std::to_string(standby.lag.samples) +
         " samples: replay lag " + format_lag_summary(standby.lag.replay_lag_ms, false) +
         "; bytes behind " + format_lag_summary(standby.lag.bytes_behind, true) + "</p>\n";
    if (standby.server_metrics.enabled) {
      h += html::server_metrics_section(standby.server_metrics, name + ": server metrics");
    }
  }
  return h;
}

}  // namespace

std::string html_workload_report(const ResultDir& run) {
  const RunInfo& info = run.info;
  const std::string& workload = run.workload.workload;
  std::string page = html::page_head("tpcc " + workload + " run " + info.started_at);
  page += "<h1>tpcc run: " + html_escape(workload) + "</h1>\n";
  page += html::health_html(info, run.stats);
  page += facts_html(run);
  page += "<p>Errors: " + std::to_string(errors_total(run.stats)) +
          ", retries: " + std::to_string(retries_total(run.stats)) +
          ", reconnects: " + std::to_string(run.stats.reconnects) + ".</p>\n";
  for (const WorkloadTable& table : run.workload.tables) page += table_html(table);
  for (const WorkloadChart& chart : run.workload.charts) {
    page += "<figure>" + svg::line_chart(html::workload_chart(chart)) + "</figure>\n";
  }
  page += html::timeline_section(info);
  page += intervals_html(run, info.server_metrics);
  if (info.server_metrics.enabled) {
    page += html::server_metrics_section(info.server_metrics);
    page += html::wait_events_section(info.server_metrics);
  }
  page += standbys_html(info);
  page += "<h2>Configuration (config.json, password masked)</h2>\n" +
          html::config_table(config_leaves(run.config_json));
  return page + "</body>\n</html>\n";
}

}  // namespace tpcc
