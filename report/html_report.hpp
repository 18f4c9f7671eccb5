// report.html: one self-contained HTML5 page per run (inline CSS and SVG,
// no scripts, no external resources) with the headline figures, throughput
// and latency per interval, and the per-transaction table of the summary.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "config/config.hpp"
#include "report/report.hpp"

namespace tpcc {

// text with & < > " ' replaced by character references, safe in element
// content and in quoted attribute values.
std::string html_escape(std::string_view text);

// The page. Numbers are those of print_summary (tpmC, tpmTOTAL, the
// transaction table) and of intervals.csv / the interval lines (per
// interval tpmC, tpmTOTAL, p90 and p99 over all five transactions).
std::string html_report(const Config& config, const RunInfo& info, const RunStats& stats,
                        const std::vector<IntervalSample>& intervals);

}  // namespace tpcc
