#include "report/html/capacity_page.hpp"

#include "report/html/html_report.hpp"
#include "report/html/parts.hpp"
#include "report/views/format.hpp"

namespace tpcc {
namespace {

using html::cell;

std::string why_text(const std::vector<std::string>& why) {
  std::string out;
  for (const std::string& w : why) out += (out.empty() ? "" : "; ") + w;
  return out;
}

std::string linked(const std::string& dir) {
  return "<td><a href=\"" + html_escape(dir + "/" + kReportFile) + "\">" + html_escape(dir) +
         "</a></td>";
}

// A search of another workload: terminals, throughput, tail latency.
std::string workload_steps_table(const CapacitySearchRecord& record) {
  const CapacityStep& first = record.steps.front();
  std::string h = "<table>\n<tr>" + cell("step", "th") + cell("run", "th") +
                  cell(capacity_searched_heading(first, "terminals"), "th") +
                  cell(first.throughput_name, "th") + cell(first.latency_name, "th") +
                  cell("verdict", "th") + cell("why", "th") + "</tr>\n";
  for (const CapacityStep& s : record.steps) {
    h += std::string(s.verdict == CapacityVerdict::Pass ? "<tr>" : "<tr class=\"diff\">") +
         cell(std::to_string(s.step)) + linked(s.dir) +
         cell(capacity_searched_value(s, s.terminals)) +
         cell(s.throughput ? fixed(*s.throughput, 2) : "-") +
         cell(s.latency_ms ? fixed(*s.latency_ms, 3) : "-") +
         cell(capacity_verdict_text(s.verdict)) + cell(why_text(s.why)) + "</tr>\n";
  }
  return h + "</table>\n";
}

std::string steps_table(const CapacitySearchRecord& record, bool paced) {
  if (!record.steps.empty() && !record.steps.front().throughput_name.empty()) {
    return workload_steps_table(record);
  }
  const std::string counted = paced ? "active warehouses" : "terminals";
  const std::string searched =
      record.steps.empty() ? counted : capacity_searched_heading(record.steps.front(), counted);
  std::string h = "<table>\n<tr>" + cell("step", "th") + cell("run", "th") + cell(searched, "th") +
                  cell("tpmC", "th") + cell("efficiency", "th") + cell("New-Order p90 ms", "th") +
                  cell("verdict", "th") + cell("why", "th") + "</tr>\n";
  for (const CapacityStep& s : record.steps) {
    h += std::string(s.verdict == CapacityVerdict::Pass ? "<tr>" : "<tr class=\"diff\">") +
         cell(std::to_string(s.step)) + linked(s.dir) +
         cell(capacity_searched_value(s, paced ? s.active_warehouses : s.terminals)) +
         cell(fixed(s.tpmc, 1)) + cell(s.efficiency ? fixed(*s.efficiency, 1) + " %" : "-") +
         cell(s.new_order_p90_ms ? fixed(*s.new_order_p90_ms, 1) : "-") +
         cell(capacity_verdict_text(s.verdict)) + cell(why_text(s.why)) + "</tr>\n";
  }
  return h + "</table>\n";
}

}  // namespace

std::string html_capacity_search(const CapacitySearchRecord& record, bool paced) {
  std::string h = html::page_head("tpcc: capacity search") + "<h1>Capacity search</h1>\n<p>" +
                  html_escape(record.answer_line) + "</p>\n";
  if (!record.stopped.empty()) {
    h += "<p class=\"note\">The search stopped: " + html_escape(record.stopped) + "</p>\n";
  }
  h += "<p class=\"note\">" +
       (record.loaded_warehouses > 0
            ? std::to_string(record.loaded_warehouses) + " warehouses loaded; the search "
            : std::string("The search ")) +
       (!record.steps.empty() && record.steps.front().rate
            ? "over the rate (" + record.steps.front().rate_unit + ") at " +
                  std::to_string(record.steps.front().terminals) + " terminals"
        : paced ? std::string("over the active warehouses, 10 terminals each")
                : std::string("over the terminals, without keying and think times")) +
       ", up to " + std::to_string(record.most) + ".</p>\n<h2>Steps</h2>\n" +
       steps_table(record, paced);
  if (record.confirmation) {
    const CapacityConfirmation& c = *record.confirmation;
    h += "<h2>Confirmation</h2>\n<table>\n<tr>" + cell("run", "th") + cell("exit status", "th") +
         cell("run rules", "th") + "</tr>\n<tr>" + linked(c.dir) +
         cell(std::to_string(c.exit_status)) + cell(c.rules_line) + "</tr>\n</table>\n";
  }
  return h + "</body>\n</html>\n";
}

}  // namespace tpcc
