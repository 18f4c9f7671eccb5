// What every page of tpcc report shares: the head with the style sheet
// (laptop screen and print), the table cell, a headline figure and the
// health lines.
#include "report/html/parts.hpp"
#include "report/views/health.hpp"

namespace tpcc::html {
namespace {

constexpr const char* kStyle =
    "body{font-family:system-ui,sans-serif;margin:24px auto;max-width:1180px;padding:0 16px;"
    "color:#222}"
    "h2{margin-top:28px;border-bottom:1px solid #ccc;padding-bottom:2px}"
    ".facts{display:flex;flex-wrap:wrap;gap:10px 28px;margin:12px 0}"
    ".fact span{display:block;font-size:12px;color:#666}.fact b{font-size:20px}"
    ".interrupted,.fail{color:#c62828;font-weight:bold}.pass{color:#1a7f37}"
    "table{border-collapse:collapse}th,td{padding:3px 10px;text-align:right;"
    "border-bottom:1px solid #ddd}th:first-child,td:first-child{text-align:left}"
    ".rules th,.rules td{text-align:left;vertical-align:top}.rules "
    "td:last-child{white-space:nowrap}"
    ".rules td:nth-child(3){max-width:34em}.na{color:#666}"
    ".config th,.config td{text-align:left;font-family:ui-monospace,monospace;font-size:13px}"
    ".config td:last-child{max-width:60em;overflow-wrap:anywhere}"
    "tr.diff td{background:#fff3c4}"
    ".detail,.note{font-size:12px;color:#666}"
    ".charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(540px,1fr));gap:4px 20px}"
    "figure{margin:0}"
    "svg.chart{display:block;margin:8px 0 16px;max-width:100%;height:auto}"
    "svg text{font-size:12px;fill:#333}svg text.charttitle{font-size:13px;font-weight:bold}"
    ".axis{stroke:#333}line.grid{stroke:#e6e6e6}"
    ".series{fill:none;stroke-width:2}.band{fill:#eee}.bandlabel{fill:#777}"
    ".marker{stroke-width:1;stroke-dasharray:3 3}.markerlabel{font-size:11px}"
    ".nodata{fill:#999}"
    ".swatch{display:inline-block;width:12px;height:12px;margin-right:6px;vertical-align:-1px}"
    ".timeline{display:flex;gap:2px;margin:8px 0;font-size:12px;text-align:center}"
    ".timeline div{flex-basis:0;min-width:6em;padding:4px 2px;border-radius:3px}"
    ".timeline .before{background:#dde7f3}.timeline .warmup{background:#eee}"
    ".timeline .measured{background:#cfe8d5}"
    ".ratio{color:#555;font-size:12px}summary{cursor:pointer;margin:8px 0}"
    "@media print{body{margin:0;max-width:none;font-size:11px}"
    "h2{break-after:avoid}figure,svg.chart,table{break-inside:avoid}"
    ".charts{grid-template-columns:1fr 1fr}a{color:inherit}}";

}  // namespace

std::string page_head(const std::string& title) {
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" +
         html_escape(title) + "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n";
}

std::string fact(const std::string& name, const std::string& value) {
  return "<div class=\"fact\"><span>" + html_escape(name) + "</span><b>" + html_escape(value) +
         "</b></div>\n";
}

std::string health_html(const RunInfo& info, const RunStats& stats) {
  std::string h;
  for (const std::string& line : health_lines(info, stats)) {
    h += "<p class=\"interrupted\">" + html_escape(line) + "</p>\n";
  }
  return h;
}

std::string cell(const std::string& value, const char* tag) {
  return "<" + std::string(tag) + ">" + html_escape(value) + "</" + tag + ">";
}

std::string table_html(const WorkloadTable& table) {
  std::string t = "<h2>" + html_escape(table.title) + "</h2>\n<table>\n<tr>";
  for (const std::string& h : table.rows.header) t += cell(h, "th");
  t += "</tr>\n";
  for (const auto& row : table.rows.rows) {
    t += "<tr>";
    for (const std::string& value : row) t += cell(value);
    t += "</tr>\n";
  }
  return t + "</table>\n";
}

}  // namespace tpcc::html
