// The options table, mixed-run part: CH-benCHmark's analytic streams beside
// TPC-C's terminals on one clock (tpcc run only; docs/ch.md). Their
// cross-checks are config/finish/mixed.cpp's.
#include "config/names.hpp"
#include "config/settings/table_parts.hpp"
#include "config/settings/values.hpp"
#include "workloads/tpcc/config/tpcc_config.hpp"

namespace tpcc::settings_table {

void add_mixed(std::vector<Setting>& s) {
  add(
      s, "ch-streams", "N", {"chStreams"}, kRun, kTpccOnly, kRunSection,
      "A mixed run: N CH-benCHmark analytic query streams (each the 22 queries in its TPC-H "
      "order, back to back) beside TPC-C's terminals, on the same clock (warm-up, intervals, "
      "end); on each standby with --ch-on standby. Needs CH's tables (tpcc prepare --ch). "
      "Their queries count apart: QphH and the per-query table in the summary, result.json's "
      "ch and report.html, never in tpmC (0..1000; 0: none).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.ch_streams = parse_int(v, 0, 1000, src.where);
      },
      [](const Config& c) { return std::to_string(c.ch_streams); })
      .json = json_field<&Config::ch_streams>("run", "ch_streams");
  add(
      s, "ch-on", "primary|standby", {"chOn"}, kRun, kTpccOnly, kRunSection,
      "Where --ch-streams run: on the primary's connection, or N streams on each "
      "--standby-conn.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.ch_on =
            parse_choice(v, {"primary", "standby"}, src.where) == 0 ? ChOn::Primary : ChOn::Standby;
      },
      [](const Config& c) { return std::string(ch_on_name(c.ch_on)); })
      .json = json_enum<&Config::ch_on, ch_on_name, ChOn::Primary, ChOn::Standby>("run", "ch_on");
  add(
      s, "ch-baseline", "SEC", {"chBaseline"}, kRun, kTpccOnly, kRunSection,
      "Interference: the first SEC seconds of the measured interval run TPC-C's terminals "
      "alone (the --ch-streams held back), the rest mixed; the summary, result.json's "
      "ch.interference and report.html give tpmC alone, tpmC with the streams and their ratio. "
      "Whole --report-interval intervals, shorter than --duration; tpmC stays the whole "
      "measured interval's (0: mixed throughout).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.ch_baseline_seconds = parse_int(v, 0, 86400 * 365, src.where);
      },
      [](const Config& c) { return std::to_string(c.ch_baseline_seconds); })
      .json = json_field<&Config::ch_baseline_seconds>("run", "ch_baseline_seconds");
}

}  // namespace tpcc::settings_table
