// Rows keyed and valued per run, as the comparison pages show config.json's
// settings and the runs' start and environment: the rows that differ
// first, highlighted, then those every run shares, folded away.
#include "report/html/parts.hpp"

namespace tpcc::html {

std::string compared_rows_html(const std::vector<ComparedSetting>& rows,
                               const std::vector<std::string>& columns, const std::string& key,
                               const std::string& absent) {
  std::size_t differing = 0;
  for (const auto& r : rows) differing += r.differs ? 1 : 0;
  std::string head = "<tr>" + cell(key, "th");
  for (const std::string& column : columns) head += cell(column, "th");
  head += "</tr>\n";
  const auto body = [&](bool differs) {
    std::string t;
    for (const ComparedSetting& r : rows) {
      if (r.differs != differs) continue;
      t += std::string(differs ? "<tr class=\"diff\">" : "<tr>") + cell(r.key);
      for (const auto& v : r.values) t += cell(v ? *v : absent);
      t += "</tr>\n";
    }
    return t;
  };
  return "<p>" + std::to_string(differing) + " of " + std::to_string(rows.size()) +
         " differ.</p>\n<table class=\"config\">\n" + head + body(true) +
         "</table>\n<details><summary>What all runs share</summary>\n<table class=\"config\">\n" +
         head + body(false) + "</table>\n</details>\n";
}

std::string environment_html(const std::vector<ResultDir>& runs,
                             const std::vector<std::string>& columns) {
  return "<h2>Start and environment</h2>\n<p class=\"note\">How each run started (the snapshot "
         "restored, the conditioning) and what it ran on (server settings not at their "
         "defaults, extensions, the client host, tpcc's build), from result.json: a difference "
         "here may explain one in the figures.</p>\n" +
         compared_rows_html(compared_environment(runs), columns, "item", "not recorded");
}

}  // namespace tpcc::html
