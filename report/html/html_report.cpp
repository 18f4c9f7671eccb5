#include "report/html/html_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "config/effective.hpp"
#include "config/names.hpp"
#include "report/html/parts.hpp"
#include "report/results/delivery_file.hpp"
#include "report/results/lag_json.hpp"
#include "report/results/server_metrics_json.hpp"
#include "report/rules/audits.hpp"
#include "report/rules/run_rules.hpp"
#include "report/rules/run_verdict.hpp"
#include "report/views/config_leaves.hpp"
#include "report/views/format.hpp"
#include "report/views/health.hpp"
#include "report/views/lag_text.hpp"
#include "report/views/schedule_lag_text.hpp"
#include "report/views/transaction_table.hpp"
#include "report/workload_report.hpp"
#include "spec/transactions.hpp"

namespace tpcc {
namespace {

using html::cell;
using html::fact;

std::string facts_html(const Config& config, const RunInfo& info, const RunStats& stats) {
  const double seconds = info.measured_seconds;
  const double tpmc_value = tpmc(stats, seconds);
  std::string h = "<div class=\"facts\">\n";
  h += fact("tpmC", fixed(tpmc_value, 1));
  h += fact("tpmTOTAL", fixed(tpm_total(stats, seconds), 1));
  // As in the summary: 12.86 tpmC per warehouse assumes unscaled keying and think times.
  h += fact("efficiency", efficiency_meaningful(config)
                              ? fixed(efficiency(tpmc_value, info.warehouses), 2) + "%"
                              : std::string("not meaningful"));
  if (const std::string lag = schedule_lag_text(stats); !lag.empty()) {
    h += fact("schedule lag (sent after due)", lag);
  }
  h += fact("warehouses (W)", std::to_string(info.warehouses));
  h += fact("terminals", std::to_string(info.terminals));
  h += fact("measured", fixed(seconds, 1) + " s");
  h += fact("warm-up (not counted)", fixed(info.warmup_seconds, 1) + " s");
  h += fact("isolation", std::string(isolation_name(config.isolation)));
  h += fact("profile", std::string(profile_name(config.profile)));
  h += fact("mode", std::string(mode_name(config.mode)));
  h += fact("started", info.started_at);
  if (!config.result_dir.empty()) h += fact("result dir", config.result_dir);
  if (info.driver) {
    const DriverRun& d = *info.driver;
    h += fact("driver", std::to_string(d.index) + " of " + std::to_string(d.count) + " (run id " +
                            d.run_id + "), warehouses " + std::to_string(d.first_warehouse) + ".." +
                            std::to_string(d.last_warehouse));
  }
  if (!info.merged_from.empty()) {
    std::string parts;
    for (const MergedPart& p : info.merged_from) {
      parts +=
          (parts.empty() ? "" : ", ") + p.dir + " (driver " + std::to_string(p.driver.index) + ")";
    }
    h += fact("merged from", parts);
  }
  return h + "</div>\n";
}

std::string header_html(const Config& config, const RunInfo& info, const RunStats& stats) {
  std::string h = "<h1>tpcc run</h1>\n" + html::health_html(info, stats);
  if (const std::string deferred = delivery_completion_text(stats); !deferred.empty()) {
    h += "<p>" + html_escape(deferred) + "</p>\n";
  }
  if (const std::string skipped = skipped_districts_text(stats); !skipped.empty()) {
    h += "<p>" + html_escape(skipped) + "</p>\n";
  }
  h += facts_html(config, info, stats);
  const TxnStats& no = tpcc_type(stats, kNewOrder);
  h += "<p>New-Orders: " + std::to_string(no.committed) + " committed, " +
       std::to_string(no.rolled_back) +
       " rolled back (unused item, 2.4.2.3); tpmC counts both (5.4.2). Errors: " +
       std::to_string(errors_total(stats)) + ", retries: " + std::to_string(retries_total(stats)) +
       ", reconnects: " + std::to_string(stats.reconnects) + ".</p>\n";
  return h;
}

std::string txn_table(const RunStats& stats) {
  const TableRows rows = transaction_rows(stats);
  std::string t = "<table>\n<tr>";
  for (const std::string& h : rows.header) t += cell(h, "th");
  t += "</tr>\n";
  for (const auto& row : rows.rows) {
    t += "<tr>";
    for (std::size_t k = 0; k + 1 < row.size(); ++k) t += cell(row[k]);
    // The verdict column, coloured as the run rules' are.
    const std::string& verdict = row.back();
    if (verdict == "PASS")
      t += "<td class=\"pass\">PASS</td>";
    else if (verdict == "FAIL")
      t += "<td class=\"fail\">FAIL</td>";
    else
      t += "<td>-</td>";
    t += "</tr>\n";
  }
  return t + "</table>\n";
}

// The run-rules verdict: the overall line, then one row per rule.
std::string run_rules_html(const RunVerdict& verdict) {
  std::string t = "<h2>Run rules</h2>\n<p class=\"" +
                  std::string(verdict.all_pass() ? "pass" : "fail") + "\">" +
                  html_escape(verdict.overall_line()) + "</p>\n<table class=\"rules\">\n<tr>";
  for (const char* h : {"clause", "rule", "value", "requirement", "verdict"}) t += cell(h, "th");
  t += "</tr>\n";
  for (const RunRule& r : verdict.rules) {
    const char* css = r.verdict == RuleVerdict::Pass   ? "pass"
                      : r.verdict == RuleVerdict::Fail ? "fail"
                                                       : "na";
    std::string value = html_escape(r.value);
    if (!r.detail.empty()) value += "<div class=\"detail\">" + html_escape(r.detail) + "</div>";
    t += "<tr>" + cell(r.clause) + cell(r.name) + "<td>" + value + "</td>" + cell(r.requirement) +
         "<td class=\"" + css + "\">" + rule_verdict_text(r.verdict) + "</td></tr>\n";
  }
  return t + "</table>\n";
}

std::string standby_html(int number, const StandbyRun& standby, double seconds) {
  // The lag and the standby's own server metrics (no WAL or checkpoint
  // figures there), rounded as result.json holds them.
  const LagFigures lag = as_written(standby.lag);
  const ServerMetricsRun metrics = as_written(standby.server_metrics);
  const std::string name = "Standby " + std::to_string(number);
  const std::string server =
      metrics.enabled
          ? html::server_metrics_section(metrics, name + ": server metrics per interval") +
                html::wait_events_section(metrics, name + ": wait events of the kit's backends")
          : std::string();
  std::string health;
  for (const std::string& line : standby_health_lines(number, standby)) {
    health += "<p class=\"interrupted\">" + html_escape(line) + "</p>\n";
  }
  return "<h2>Standby " + std::to_string(number) + " (read-only, " + html_escape(standby.target) +
         "), " + std::to_string(standby.terminals) + " terminals</h2>\n" + health +
         "<p>tpmTOTAL: " + fixed(tpm_total(standby.stats, seconds), 1) + "</p>\n" +
         "<p>Replication lag, p50 / p99 / max of " + std::to_string(lag.samples) +
         " samples: replay lag " + format_lag_summary(lag.replay_lag_ms, false) +
         "; bytes behind " + format_lag_summary(lag.bytes_behind, true) + "; last replay age " +
         format_lag_summary(lag.replay_delay_ms, false) + "</p>\n" + txn_table(standby.stats) +
         server;
}

// 9.2.2.5: the input audits, as in the summary.
std::string audits_html(const std::vector<InputAudit>& audits) {
  std::string t = "<h2>Input audits (9.2.2.5)</h2>\n<table>\n<tr>";
  for (const char* h : {"audit", "value", "range", "over", "verdict"}) t += cell(h, "th");
  t += "</tr>\n";
  for (const InputAudit& a : audits) {
    const char* css = a.verdict == AuditVerdict::Pass   ? "pass"
                      : a.verdict == AuditVerdict::Fail ? "fail"
                                                        : "na";
    std::string verdict = verdict_text(a.verdict);
    if (!a.note.empty()) verdict += " (" + a.note + ")";
    t += "<tr>" + cell(a.name) + cell(fixed(a.value, 2) + (a.is_percent ? "%" : "")) +
         cell(audit_range_text(a)) + cell(std::to_string(a.samples)) + "<td class=\"" + css +
         "\">" + html_escape(verdict) + "</td></tr>\n";
  }
  return t + "</table>\n";
}

// One chart per transaction type, two to a row on a laptop screen.
std::string per_type_charts(const ReportPage& page) {
  std::string h;
  if (!page.points.empty()) {
    h += "<h2>Latency per transaction over time</h2>\n<p class=\"note\">p50, p90 and p99 of "
         "each interval's transactions of the type, from due time (intervals_by_type.csv).</p>\n"
         "<div class=\"charts\">\n";
    for (int type = 0; type < kTxnTypes; ++type) {
      h +=
          "<figure>" + svg::line_chart(html::type_latency_chart(page.points, type)) + "</figure>\n";
    }
    h += "</div>\n";
  }
  h += "<h2>Latency histograms (measured interval)</h2>\n<p class=\"note\">Each "
       "transaction's response times, 10 bars per decade on a log axis (histograms.json); the "
       "line marks the p90.</p>\n<div class=\"charts\">\n";
  for (int type = 0; type < kTxnTypes; ++type) {
    h += "<figure>" + svg::histogram_chart(html::type_histogram_chart(page.stats, type)) +
         "</figure>\n";
  }
  return h + "</div>\n";
}

}  // namespace

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string html_report(const ReportPage& p) {
  // The server's figures rounded as result.json holds them, so that the
  // page a run writes is the page tpcc report DIR draws again from there.
  const ServerMetricsRun metrics = as_written(p.info.server_metrics);
  std::string page = html::page_head("tpcc run " + p.info.started_at);
  page += header_html(p.config, p.info, p.stats);
  page += html::timeline_section(p.info);
  page += "<h2>Throughput per interval</h2>\n";
  if (p.points.empty()) {
    // tpcc report --merge sums the drivers' totals; their intervals are not
    // merged (their boundaries differ by the drivers' start offsets).
    page += "<p class=\"note\">No interval figures: " +
            std::string(p.info.merged_from.empty()
                            ? "the run ended before its first interval."
                            : "the drivers' interval lines could not be merged (tpcc report "
                              "--merge said why); each driver's own report.html has its "
                              "intervals.") +
            "</p>\n";
  } else {
    page += svg::line_chart(html::throughput_chart(p.points, html::server_event_markers(metrics)));
  }
  if (p.info.merged_from.empty()) {
    page += html::server_metrics_section(metrics);
    page += html::wait_events_section(metrics);
  } else {
    page +=
        "<h2>Server metrics per interval</h2>\n<p class=\"note\">Not merged: every driver "
        "sampled the same server, so the sums would count it once per driver. Each driver's "
        "own report.html and result.json have them.</p>\n";
  }
  page += per_type_charts(p);
  page += "<h2>Transactions (measured interval)</h2>\n" + txn_table(p.stats);
  page += run_rules_html(p.verdict);
  page += audits_html(p.verdict.audits);
  for (const WorkloadTable& table : p.side_tables) page += html::table_html(table);
  for (const WorkloadChart& chart : p.side_charts) {
    page += "<figure>" + svg::line_chart(html::workload_chart(chart)) + "</figure>\n";
  }
  for (std::size_t i = 0; i < p.info.standbys.size(); ++i) {
    page += standby_html(static_cast<int>(i + 1), p.info.standbys[i], p.info.measured_seconds);
  }
  page += "<h2>Configuration (config.json, password masked)</h2>\n" +
          html::config_table(config_leaves(p.config_json));
  return page + "</body>\n</html>\n";
}

std::string html_report(const Config& config, const RunInfo& info, const RunStats& stats,
                        const RunVerdict& verdict, const std::vector<IntervalSample>& intervals) {
  return html_report(ReportPage{config,
                                info,
                                stats,
                                verdict,
                                interval_points(intervals),
                                effective_config_json(config),
                                {},
                                {}});
}

std::string html_run_report(const RecordedRun& run) {
  if (!workload_report(run.config.workload).tpmc) return html_workload_report(run);
  return html_report(ReportPage{run.config, run.info, run.stats, run.verdict, run.points,
                                run.config_json, run.workload.tables, run.workload.charts});
}

}  // namespace tpcc
