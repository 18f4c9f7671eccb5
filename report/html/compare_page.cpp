// The page of tpcc report --compare: the runs named A, B, C, ... in their
// colours; the headline figures with ratios to run A; tpmC and each
// transaction's p90 over time, overlaid; the server metrics' means with
// their ratios; the configuration differences. The runs' start and
// environment come first, as the console's comparison prints them. Runs of
// sysbench's oltp tests, pgbench or ingest: their own figures and their
// throughput over time in place of TPC-C's.
#include <algorithm>

#include "config/names.hpp"
#include "report/html/html_report.hpp"
#include "report/html/parts.hpp"
#include "report/views/compare.hpp"
#include "report/views/format.hpp"
#include "report/workload_report.hpp"
#include "spec/transactions.hpp"

namespace tpcc {
namespace {

using html::cell;

std::string run_name(std::size_t i) {
  return std::string("run ") + static_cast<char>('A' + i % 26);
}

// The runs in their colours; with_warehouses (TPC-C's page) with their
// warehouses, else with their workload's name.
std::string runs_html(const std::vector<ResultDir>& runs, bool with_warehouses) {
  std::string h = "<table>\n<tr>" + cell("run", "th") + cell("directory", "th") +
                  cell("started", "th") + cell(with_warehouses ? "warehouses" : "workload", "th") +
                  cell("terminals", "th") + "</tr>\n";
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const ResultDir& r = runs[i];
    h += "<tr><td><span class=\"swatch\" style=\"background:" + svg::palette(i) + "\"></span>" +
         html_escape(run_name(i)) + "</td>" + cell(r.dir) + cell(r.info.started_at) +
         cell(with_warehouses ? std::to_string(r.info.warehouses) : r.workload.workload) +
         cell(std::to_string(r.info.terminals)) + "</tr>\n";
  }
  return h + "</table>\n";
}

// The figures' table: one row per figure, one column per run, ratios to
// run A's in brackets, "-" where a run lacks the figure.
std::string figures_table(const std::vector<ComparedFigure>& figures, std::size_t run_count) {
  std::string h = "<table class=\"compare\">\n<tr>" + cell("figure", "th");
  for (std::size_t i = 0; i < run_count; ++i) h += cell(run_name(i), "th");
  h += "</tr>\n";
  for (const ComparedFigure& f : figures) {
    h += "<tr>" + cell(f.name);
    for (std::size_t i = 0; i < f.values.size(); ++i) {
      const std::string value = f.values[i] ? fixed(*f.values[i], f.decimals) : "-";
      h += i == 0 || !f.values[i] ? cell(value)
                                  : "<td>" + html_escape(value) + " <span class=\"ratio\">(" +
                                        html_escape(ratio_text(f.ratios[i])) + ")</span></td>";
    }
    h += "</tr>\n";
  }
  return h + "</table>\n";
}

std::string figures_html(const std::vector<ResultDir>& runs) {
  return "<h2>Headline figures</h2>\n<p class=\"note\">Each run's value, and in brackets its "
         "ratio to run A's.</p>\n" +
         figures_table(compared_figures(runs), runs.size());
}

std::string server_metrics_html(const std::vector<ResultDir>& runs) {
  const std::vector<ComparedFigure> figures = compared_server_metrics(runs);
  std::string h = "<h2>Server metrics</h2>\n";
  if (figures.empty()) {
    return h +
           "<p class=\"note\">No run sampled server metrics (--server-metrics off, or "
           "results from before they existed).</p>\n";
  }
  return h +
         "<p class=\"note\">Each metric's mean over the run's measured intervals "
         "(result.json server_metrics.intervals; rates per second, CPU in % of one core "
         "or of the host's CPUs), and the wait events' shares of the kit's backends' "
         "samples; in brackets the ratio to run A's, \"-\" where a run lacks the metric."
         "</p>\n" +
         figures_table(figures, runs.size());
}

svg::LineChart overlay(const std::vector<ResultDir>& runs, std::string title, std::string y_label,
                       double (*value)(const IntervalPoint&, int), int type) {
  svg::LineChart c;
  c.title = std::move(title);
  c.y_label = std::move(y_label);
  c.width = 1120;
  for (const ResultDir& r : runs) {
    if (!r.points.empty()) c.x_max = std::max(c.x_max, r.points.back().end_seconds);
  }
  for (std::size_t i = 0; i < runs.size(); ++i) {
    svg::Series s{run_name(i), svg::palette(i), {}, {}};
    for (const IntervalPoint& p : runs[i].points) {
      if (type >= 0 && p.txn.at(static_cast<std::size_t>(type)).count == 0) continue;
      s.x.push_back(p.end_seconds);
      s.y.push_back(value(p, type));
    }
    c.series.push_back(s);
  }
  return c;
}

double tpmc_of(const IntervalPoint& p, int) { return p.tpmc; }
double tpm_total_of(const IntervalPoint& p, int) { return p.tpm_total; }
double p90_of(const IntervalPoint& p, int type) {
  return p.txn.at(static_cast<std::size_t>(type)).p90_ms;
}

std::string curves_html(const std::vector<ResultDir>& runs) {
  std::string h =
      "<h2>Throughput over time</h2>\n<p class=\"note\">Elapsed seconds from each "
      "run's start, warm-up included.</p>\n";
  h += svg::line_chart(overlay(runs, "tpmC per interval", "tpmC", tpmc_of, -1));
  h += svg::line_chart(overlay(runs, "tpmTOTAL per interval", "tpmTOTAL", tpm_total_of, -1));
  h += "<h2>p90 latency over time</h2>\n<div class=\"charts\">\n";
  for (const auto& type : kTransactions) {
    svg::LineChart c = overlay(runs, std::string(type.title) + " p90 per interval",
                               std::string(type.title) + " p90, ms", p90_of, type.index);
    c.width = 560;
    c.height = 220;
    h += "<figure>" + svg::line_chart(c) + "</figure>\n";
  }
  return h + "</div>\n";
}

std::vector<std::string> run_names(std::size_t count) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < count; ++i) names.push_back(run_name(i));
  return names;
}

std::string settings_html(const std::vector<ResultDir>& runs) {
  std::vector<std::string> jsons;
  for (const ResultDir& r : runs) jsons.push_back(r.config_json);
  return "<h2>Configuration differences (config.json, password masked)</h2>\n" +
         html::compared_rows_html(compared_settings(jsons), run_names(runs.size()), "setting",
                                  "(absent)");
}

// tps per interval of each run (ingest: rows/s, its batches times the rows
// of one).
std::string workload_curves_html(const std::vector<ResultDir>& runs) {
  const WorkloadReport& report = workload_report(runs.front().config.workload);
  svg::LineChart c;
  c.title = std::string(report.rate_name) + " per interval";
  c.y_label = report.rate_label;
  c.width = 1120;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const double factor = report.rate_scale_of(runs[i].config);
    svg::Series s{run_name(i), svg::palette(i), {}, {}};
    for (const WorkloadPoint& p : runs[i].workload_points.points) {
      s.x.push_back(p.end_seconds);
      s.y.push_back(p.tps * factor);
    }
    if (!s.x.empty()) c.x_max = std::max(c.x_max, s.x.back());
    c.series.push_back(s);
  }
  return "<h2>Throughput over time</h2>\n<p class=\"note\">Elapsed seconds from each "
         "run's start, warm-up included (intervals.csv).</p>\n" +
         svg::line_chart(c);
}

}  // namespace

std::string html_workload_compare(const std::vector<ResultDir>& runs) {
  const std::string& workload = runs.front().workload.workload;
  std::string page = html::page_head("tpcc comparison of " + std::to_string(runs.size()) + " " +
                                     workload + " runs");
  page += "<h1>tpcc: " + std::to_string(runs.size()) + " runs of " + html_escape(workload) +
          " compared</h1>\n" + runs_html(runs, false);
  page += html::environment_html(runs, run_names(runs.size()));
  page +=
      "<h2>Figures</h2>\n<p class=\"note\">Each run's value (result.json), and in "
      "brackets its ratio to run A's.</p>\n" +
      figures_table(compared_figures(runs), runs.size());
  page += workload_curves_html(runs) + server_metrics_html(runs) + settings_html(runs);
  return page + "</body>\n</html>\n";
}

std::string html_compare(const std::vector<ResultDir>& runs) {
  std::string page = html::page_head("tpcc comparison of " + std::to_string(runs.size()) + " runs");
  page +=
      "<h1>tpcc: " + std::to_string(runs.size()) + " runs compared</h1>\n" + runs_html(runs, true);
  page += html::environment_html(runs, run_names(runs.size()));
  page += figures_html(runs) + curves_html(runs) + server_metrics_html(runs) + settings_html(runs);
  return page + "</body>\n</html>\n";
}

}  // namespace tpcc
