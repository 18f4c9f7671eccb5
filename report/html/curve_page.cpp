#include "report/html/curve_page.hpp"

#include <algorithm>

#include "report/html/html_report.hpp"
#include "report/html/parts.hpp"
#include "report/html/svg.hpp"
#include "report/views/format.hpp"

namespace tpcc {
namespace {

using html::cell;

std::string share_text(const std::optional<double>& share) {
  return share ? fixed(*share * 100, 2) + " %" : "-";
}

svg::Series dotted(const std::string& name, std::size_t colour) {
  svg::Series s;
  s.name = name;
  s.color = svg::palette(colour);
  s.dots = true;
  return s;
}

// Achieved against offered over the steps that ran clean, and offered
// against itself: where the curve leaves that line, the system fell behind.
svg::LineChart achieved_chart(const CurveRecord& record) {
  svg::LineChart chart;
  chart.title = "achieved against offered (" + record.unit + ")";
  chart.x_label = "offered " + record.unit;
  chart.y_label = "achieved " + record.unit;
  svg::Series achieved = dotted("achieved", 0);
  svg::Series offered = dotted("offered (achieved = offered)", 1);
  offered.dashed = true;
  for (const CurvePoint& p : record.ladder) {
    if (!p.failed.empty() || !p.offered) continue;
    achieved.x.push_back(*p.offered);
    achieved.y.push_back(p.achieved);
    offered.x.push_back(*p.offered);
    offered.y.push_back(*p.offered);
  }
  chart.series = {achieved, offered};
  return chart;
}

svg::LineChart p99_chart(const CurveRecord& record) {
  svg::LineChart chart;
  chart.title = "p99 from the due time against achieved (" + record.unit + ")";
  chart.x_label = "achieved " + record.unit;
  chart.y_label = "p99 ms";
  svg::Series p99 = dotted("p99 ms", 2);
  for (const CurvePoint& p : record.ladder) {
    if (!p.failed.empty() || !p.p99_ms) continue;
    p99.x.push_back(p.achieved);
    p99.y.push_back(*p.p99_ms);
  }
  chart.series = {p99};
  return chart;
}

std::string row(const std::string& name, const CurvePoint& p) {
  return std::string(p.failed.empty() ? "<tr>" : "<tr class=\"diff\">") + cell(name) +
         "<td><a href=\"" + html_escape(p.dir + "/" + kReportFile) + "\">" + html_escape(p.dir) +
         "</a></td>" + cell(p.offered ? fixed(*p.offered, 1) : "unpaced") +
         cell(fixed(p.achieved, 1)) + cell(fixed_or_dash(p.p50_ms, 3)) +
         cell(fixed_or_dash(p.p99_ms, 3)) + cell(fixed_or_dash(p.p999_ms, 3)) +
         cell(share_text(p.late_share)) + cell(share_text(p.skipped_share)) +
         cell(std::to_string(p.errors)) + cell(p.failed.empty() ? "ok" : p.failed) + "</tr>\n";
}

std::string runs_table(const CurveRecord& record) {
  std::string h = "<table>\n<tr>";
  for (const std::string& name :
       {std::string("step"), std::string("run"), "offered " + record.unit,
        "achieved " + record.unit, std::string("p50 ms"), std::string("p99 ms"),
        std::string("p99.9 ms"), std::string("late"), std::string("skipped"), std::string("errors"),
        std::string("status")}) {
    h += cell(name, "th");
  }
  h += "</tr>\n" + row("peak", record.peak);
  for (std::size_t k = 0; k < record.ladder.size(); ++k) {
    h += row(std::to_string(k + 1), record.ladder[k]);
  }
  return h + "</table>\n";
}

}  // namespace

std::string html_curve(const CurveRecord& record) {
  const std::string title = "Latency-throughput curve: " + record.workload;
  std::string h = html::page_head("tpcc: " + title) + "<h1>" + html_escape(title) + "</h1>\n";
  h += "<p>" + html_escape(record.knee.line) + "<br>" + html_escape(record.max_rate.line) +
       "</p>\n<p class=\"note\">" + html_escape(record.knee.rule) + ". " +
       html_escape(record.max_rate.rule) + ". " + std::to_string(record.terminals) +
       " terminals; the peak is one unpaced run; latency counts from each transaction's due "
       "time.</p>\n";
  if (!record.stopped.empty()) {
    h += "<p class=\"fail\">The curve stopped: " + html_escape(record.stopped) + "</p>\n";
  }
  h += "<div class=\"charts\">\n<figure>" + svg::line_chart(achieved_chart(record)) +
       "</figure>\n<figure>" + svg::line_chart(p99_chart(record)) + "</figure>\n</div>\n";
  h += "<h2>Runs</h2>\n" + runs_table(record);
  return h + "</body>\n</html>\n";
}

}  // namespace tpcc
