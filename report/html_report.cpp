#include "report/html_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "config/names.hpp"
#include "report/delivery_file.hpp"
#include "report/format.hpp"
#include "report/health.hpp"
#include "report/run_rules.hpp"
#include "terminal/transactions/transaction.hpp"

namespace tpcc {
namespace {

// The plot area inside each kWidth x kHeight chart; the margins hold the
// tick labels, the axis titles and the legend.
constexpr double kWidth = 760, kHeight = 280;
constexpr double kLeft = 64, kRight = 16, kTop = 32, kBottom = 40;
constexpr double kPlotW = kWidth - kLeft - kRight, kPlotH = kHeight - kTop - kBottom;

struct Series {
  std::string name;
  std::string color;
  std::vector<double> values;  // one per interval
};

struct Chart {
  std::string title;
  std::string y_label;
  std::vector<double> x;   // interval ends, elapsed seconds
  double warmup_end = 0;   // end of the last warm-up interval; 0: none
  std::vector<Series> series;
};

// An axis from 0 to a round maximum in about five steps of 1, 2 or 5 × 10^k,
// so tick labels stay short.
struct Scale {
  double max = 1;
  double step = 0.2;
};

Scale scale_for(double largest) {
  if (!(largest > 0)) return {};
  const double raw = largest / 5;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  const double norm = raw / magnitude;
  const double step = (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * magnitude;
  return {std::ceil(largest / step - 1e-9) * step, step};
}

int tick_count(const Scale& s) { return static_cast<int>(std::lround(s.max / s.step)); }

std::string tick_text(double v, double step) {
  const int decimals = step >= 1 ? 0 : static_cast<int>(std::ceil(-std::log10(step) - 1e-9));
  return fixed(v, decimals);
}

std::string coord(double v) { return fixed(v, 1); }
double px(double x, const Scale& s) { return kLeft + x / s.max * kPlotW; }
double py(double y, const Scale& s) { return kTop + kPlotH - y / s.max * kPlotH; }

std::string svg_line(double x1, double y1, double x2, double y2, const std::string& cls) {
  return "<line class=\"" + cls + "\" x1=\"" + coord(x1) + "\" y1=\"" + coord(y1) + "\" x2=\"" +
         coord(x2) + "\" y2=\"" + coord(y2) + "\"/>";
}

std::string svg_text(double x, double y, const char* anchor, const std::string& content) {
  return "<text x=\"" + coord(x) + "\" y=\"" + coord(y) + "\" text-anchor=\"" + anchor + "\">" +
         html_escape(content) + "</text>";
}

// "x,y x,y ...": one point per interval.
std::string polyline_points(const std::vector<double>& xs, const std::vector<double>& ys,
                            const Scale& sx, const Scale& sy) {
  std::string points;
  for (std::size_t i = 0; i < xs.size() && i < ys.size(); ++i) {
    if (!points.empty()) points += ' ';
    points += coord(px(xs[i], sx)) + "," + coord(py(ys[i], sy));
  }
  return points;
}

std::string series_svg(const Series& s, const std::vector<double>& xs, const Scale& sx,
                       const Scale& sy) {
  return "<polyline class=\"series\" stroke=\"" + s.color + "\" points=\"" +
         polyline_points(xs, s.values, sx, sy) + "\"/>\n";
}

std::string x_axis_svg(const Scale& sx) {
  const double base = kTop + kPlotH;
  std::string svg = svg_line(kLeft, base, kLeft + kPlotW, base, "axis") + "\n";
  for (int i = 0; i <= tick_count(sx); ++i) {
    const double x = px(i * sx.step, sx);
    svg += svg_line(x, base, x, base + 5, "axis");
    svg += svg_text(x, base + 18, "middle", tick_text(i * sx.step, sx.step)) + "\n";
  }
  return svg + svg_text(kLeft + kPlotW / 2, kHeight - 4, "middle", "elapsed seconds") + "\n";
}

std::string y_axis_svg(const Scale& sy, const std::string& label) {
  std::string svg = svg_line(kLeft, kTop, kLeft, kTop + kPlotH, "axis") + "\n";
  for (int i = 0; i <= tick_count(sy); ++i) {
    const double y = py(i * sy.step, sy);
    svg += svg_line(kLeft, y, kLeft + kPlotW, y, "grid");
    svg += svg_text(kLeft - 6, y + 4, "end", tick_text(i * sy.step, sy.step)) + "\n";
  }
  return svg + svg_text(8, kTop - 14, "start", label) + "\n";
}

// Warm-up intervals are not measured: a grey band up to the last one's end.
std::string warmup_svg(double warmup_end, const Scale& sx) {
  if (warmup_end <= 0) return "";
  const double width = px(warmup_end, sx) - kLeft;
  return "<rect class=\"warmup\" x=\"" + coord(kLeft) + "\" y=\"" + coord(kTop) + "\" width=\"" +
         coord(width) + "\" height=\"" + coord(kPlotH) + "\"/>" +
         svg_text(kLeft + width / 2, kTop + 14, "middle", "warm-up") + "\n";
}

std::string legend_svg(const std::vector<Series>& series) {
  std::string svg;
  double x = kLeft + kPlotW - 110.0 * static_cast<double>(series.size());
  for (const auto& s : series) {
    svg += "<line class=\"series\" stroke=\"" + s.color + "\" x1=\"" + coord(x) + "\" y1=\"" +
           coord(kTop - 18) + "\" x2=\"" + coord(x + 20) + "\" y2=\"" + coord(kTop - 18) + "\"/>";
    svg += svg_text(x + 26, kTop - 14, "start", s.name) + "\n";
    x += 110;
  }
  return svg;
}

std::string chart_svg(const Chart& c) {
  double largest = 0;
  for (const auto& s : c.series) {
    for (double v : s.values) largest = std::max(largest, v);
  }
  const Scale sx = scale_for(c.x.empty() ? 0 : *std::max_element(c.x.begin(), c.x.end()));
  const Scale sy = scale_for(largest);
  std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + coord(kWidth) +
                    " " + coord(kHeight) + "\" width=\"" + coord(kWidth) + "\" height=\"" +
                    coord(kHeight) + "\" role=\"img\">\n<title>" + html_escape(c.title) +
                    "</title>\n";
  svg += warmup_svg(c.warmup_end, sx) + y_axis_svg(sy, c.y_label) + x_axis_svg(sx);
  for (const auto& s : c.series) svg += series_svg(s, c.x, sx, sy);
  return svg + legend_svg(c.series) + "</svg>\n";
}

Chart interval_chart(const std::vector<IntervalSample>& intervals, std::string title,
                     std::string y_label) {
  Chart c;
  c.title = std::move(title);
  c.y_label = std::move(y_label);
  for (const auto& sample : intervals) {
    c.x.push_back(sample.end_seconds);
    if (sample.warmup) c.warmup_end = std::max(c.warmup_end, sample.end_seconds);
  }
  return c;
}

// Rates over each interval's own length, as in intervals.csv.
Chart throughput_chart(const std::vector<IntervalSample>& intervals) {
  Chart c = interval_chart(intervals, "Throughput per interval", "transactions per minute");
  c.series = {{"tpmC", "#1f6fb4", {}}, {"tpmTOTAL", "#e8780c", {}}};
  for (const auto& sample : intervals) {
    c.series[0].values.push_back(tpmc(sample.stats, sample.length_seconds));
    c.series[1].values.push_back(tpm_total(sample.stats, sample.length_seconds));
  }
  return c;
}

// Percentiles over all five transactions, as in the interval lines.
Chart latency_chart(const std::vector<IntervalSample>& intervals) {
  Chart c = interval_chart(intervals, "Latency per interval", "ms (all transactions)");
  c.series = {{"p90", "#2a9d3a", {}}, {"p99", "#c62828", {}}};
  for (const auto& sample : intervals) {
    const LatencyHistogram all = latency_all(sample.stats);
    c.series[0].values.push_back(all.percentile(90) / 1000.0);
    c.series[1].values.push_back(all.percentile(99) / 1000.0);
  }
  return c;
}

std::string fact(const char* name, const std::string& value) {
  return "<div class=\"fact\"><span>" + std::string(name) + "</span><b>" + html_escape(value) +
         "</b></div>\n";
}

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
                            d.run_id + "), warehouses " + std::to_string(d.first_warehouse) +
                            ".." + std::to_string(d.last_warehouse));
  }
  if (!info.merged_from.empty()) {
    std::string parts;
    for (const MergedPart& p : info.merged_from) {
      parts += (parts.empty() ? "" : ", ") + p.dir + " (driver " + std::to_string(p.driver.index) +
               ")";
    }
    h += fact("merged from", parts);
  }
  return h + "</div>\n";
}

std::string header_html(const Config& config, const RunInfo& info, const RunStats& stats) {
  std::string h = "<h1>tpcc run</h1>\n";
  for (const std::string& line : health_lines(info, stats)) {
    h += "<p class=\"interrupted\">" + html_escape(line) + "</p>\n";
  }
  if (const std::string deferred = delivery_completion_text(stats); !deferred.empty()) {
    h += "<p>" + html_escape(deferred) + "</p>\n";
  }
  h += facts_html(config, info, stats);
  const TxnStats& no = stats.txn[kNewOrder];
  h += "<p>New-Orders: " + std::to_string(no.committed) + " committed, " +
       std::to_string(no.rolled_back) +
       " rolled back (unused item, 2.4.2.3); tpmC counts both (5.4.2). Errors: " +
       std::to_string(errors_total(stats)) + ", retries: " + std::to_string(retries_total(stats)) +
       ", reconnects: " + std::to_string(stats.reconnects) + ".</p>\n";
  return h;
}

std::string cell(const std::string& value, const char* tag = "td") {
  return "<" + std::string(tag) + ">" + html_escape(value) + "</" + tag + ">";
}

// The cells of print_summary's transaction table, same formatting.
std::string txn_row(const TransactionType& type, const TxnStats& t, std::int64_t all) {
  const auto& h = t.latency;
  const bool seen = h.count() > 0;
  const auto pct = [&](double p) { return cell(seen ? ms_value(h.percentile(p)) : "-"); };
  std::string row = "<tr>" + cell(type.title) + cell(std::to_string(t.committed)) +
                    cell(fixed(percent(completed(t), all), 1)) +
                    cell(std::to_string(t.rolled_back)) + cell(std::to_string(t.errors)) +
                    cell(std::to_string(t.retries));
  row += cell(seen ? ms_value(h.mean()) : "-");
  row += pct(50) + pct(90) + pct(95) + pct(99);
  row += cell(seen ? ms_value(static_cast<double>(h.max())) : "-");
  row += cell(limit_text(type.p90_limit_seconds));
  if (!seen) return row + "<td>-</td></tr>\n";
  const bool pass = p90_within(t, type.p90_limit_seconds);
  return row + (pass ? "<td class=\"pass\">PASS</td>" : "<td class=\"fail\">FAIL</td>") + "</tr>\n";
}

std::string txn_table(const RunStats& stats) {
  std::string t = "<table>\n<tr>";
  for (const char* h : {"transaction", "count", "%", "rollbacks", "errors", "retries", "avg ms",
                        "p50 ms", "p90 ms", "p95 ms", "p99 ms", "max ms", "p90 limit", "5.2.5.3"}) {
    t += cell(h, "th");
  }
  t += "</tr>\n";
  const std::int64_t all = completed_total(stats);
  for (const auto& type : kTransactions) {
    t += txn_row(type, stats.txn[static_cast<std::size_t>(type.index)], all);
  }
  return t + "</table>\n";
}

// The run-rules verdict: the overall line, then one row per rule.
std::string run_rules_html(const Config& config, const RunInfo& info, const RunStats& stats) {
  const std::vector<RunRule> rules = judge_run_rules(config, info, stats);
  std::string t = "<h2>Run rules</h2>\n<p class=\"" +
                  std::string(all_rules_pass(rules) ? "pass" : "fail") + "\">" +
                  html_escape(rules_overall_line(rules)) + "</p>\n<table class=\"rules\">\n<tr>";
  for (const char* h : {"clause", "rule", "value", "requirement", "verdict"}) t += cell(h, "th");
  t += "</tr>\n";
  for (const RunRule& r : rules) {
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
  const LagFigures& lag = standby.lag;
  return "<h2>Standby " + std::to_string(number) + " (read-only, " + html_escape(standby.target) +
         "), " + std::to_string(standby.terminals) + " terminals</h2>\n<p>tpmTOTAL: " +
         fixed(tpm_total(standby.stats, seconds), 1) + "</p>\n" +
         "<p>Replication lag, p50 / p99 / max of " + std::to_string(lag.samples) +
         " samples: replay lag " + format_lag_summary(lag.replay_lag_ms, false) +
         "; bytes behind " + format_lag_summary(lag.bytes_behind, true) +
         "; last replay age " + format_lag_summary(lag.replay_delay_ms, false) + "</p>\n" +
         txn_table(standby.stats);
}

constexpr const char* kStyle =
    "body{font-family:system-ui,sans-serif;margin:24px;color:#222}"
    ".facts{display:flex;flex-wrap:wrap;gap:10px 28px;margin:12px 0}"
    ".fact span{display:block;font-size:12px;color:#666}.fact b{font-size:20px}"
    ".interrupted,.fail{color:#c62828;font-weight:bold}.pass{color:#1a7f37}"
    "table{border-collapse:collapse}th,td{padding:3px 10px;text-align:right;"
    "border-bottom:1px solid #ddd}th:first-child,td:first-child{text-align:left}"
    ".rules th,.rules td{text-align:left;vertical-align:top}.rules td:last-child{white-space:nowrap}"
    ".rules td:nth-child(3){max-width:34em}.na{color:#666}"
    ".detail{font-size:12px;color:#666}"
    "svg{display:block;margin:8px 0 20px}svg text{font-size:12px;fill:#333}"
    ".axis{stroke:#333}.grid{stroke:#e6e6e6}.series{fill:none;stroke-width:2}.warmup{fill:#eee}";

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

std::string html_report(const Config& config, const RunInfo& info, const RunStats& stats,
                        const std::vector<IntervalSample>& intervals) {
  std::string page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  page += "<title>tpcc run " + html_escape(info.started_at) + "</title>\n";
  page += "<style>" + std::string(kStyle) + "</style>\n</head>\n<body>\n";
  page += header_html(config, info, stats);
  page += "<h2>Throughput per interval</h2>\n" + chart_svg(throughput_chart(intervals));
  page += "<h2>Latency per interval</h2>\n" + chart_svg(latency_chart(intervals));
  page += "<h2>Transactions (measured interval)</h2>\n" + txn_table(stats);
  page += run_rules_html(config, info, stats);
  for (std::size_t i = 0; i < info.standbys.size(); ++i) {
    page += standby_html(static_cast<int>(i + 1), info.standbys[i], info.measured_seconds);
  }
  return page + "</body>\n</html>\n";
}

}  // namespace tpcc
