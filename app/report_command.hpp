// tpcc report: redraw a result directory's page (DIR), merge the drivers of
// one run (--merge), or compare runs (--compare).
#pragma once

#include <ostream>
#include <string>

#include "config/config.hpp"

namespace tpcc {

// Where a page goes: --out FILE.html as it is, --out DIR as DIR/file_name,
// no --out as default_dir/file_name. Creates the directories on the way;
// throws UsageError naming --out when it cannot.
std::string page_path(const std::string& out, const std::string& default_dir,
                      const std::string& file_name);

// Writes text to path; throws UsageError naming --out and the path when it
// cannot.
void write_page(const std::string& path, const std::string& text);

// tpcc report DIR [--out DIR|FILE.html]: reads result.json, config.json,
// histograms.json and intervals_by_type.csv of DIR (exit 2 naming the one
// missing), prints the summary and writes report.html again.
int redraw_command(const Config& config, std::ostream& out);

// tpcc report --compare DIR DIR... [--out DIR|FILE.html]: reads every
// directory (exit 2 naming the file missing), writes the page, prints where.
int compare_command(const Config& config, std::ostream& out);

// tpcc report --merge DIR... --out DIR: reads, checks, merges, prints the
// summary and writes result.json, summary.txt, config.json, histograms.json
// and report.html. Returns the exit status.
int merge_command(const Config& config, std::ostream& out);

// Any form of tpcc report; returns the exit status.
int report_command(const Config& config, std::ostream& out);

}  // namespace tpcc
