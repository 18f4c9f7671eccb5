// A mixed run's analytic streams (--ch-streams, --ch-on, --ch-baseline): on
// the standbys only when there are standbys to run on; held back for whole
// interval lines of a measured interval that outlasts them. Whether CH's
// tables are loaded is the run's to find (workloads/ch/app/ch_side_run.cpp).
#include "config/finish/finish.hpp"

namespace tpcc {
namespace {

// --ch-baseline: streams to hold back, and whole interval lines of the
// measured interval before they start and after (the split's figures are
// the interval lines': docs/ch.md "Interference").
void finish_ch_baseline(ParseState& st) {
  const Config& c = st.cfg;
  const std::optional<Source> baseline = st.given.source("ch-baseline");
  if (!baseline || c.ch_baseline_seconds == 0) return;
  const std::string& where = baseline->where;
  if (c.ch_streams == 0) {
    st.problem(where +
               ": TPC-C alone, then with analytic streams: give --ch-streams N (props "
               "chStreams) too");
    return;
  }
  if (c.txns_per_terminal > 0) {
    st.problem(where +
               ": the split needs a measured interval of known length (--duration), not "
               "--txns-per-terminal");
    return;
  }
  if (c.ch_baseline_seconds >= c.duration_seconds) {
    st.problem(where + ": " + std::to_string(c.ch_baseline_seconds) +
               " s leaves no mixed part of the measured interval (--duration " +
               std::to_string(c.duration_seconds) + " s); give fewer seconds than --duration");
  }
  if (c.report_interval_seconds > 0 && c.ch_baseline_seconds % c.report_interval_seconds != 0) {
    st.problem(where + ": " + std::to_string(c.ch_baseline_seconds) +
               " s is not a whole number of interval lines (--report-interval " +
               std::to_string(c.report_interval_seconds) +
               " s): the figures alone and mixed are the interval lines'");
  }
}

}  // namespace

void finish_mixed(ParseState& st) {
  const std::optional<Source> on = st.given.source("ch-on");
  if (st.cfg.ch_on == ChOn::Standby && st.cfg.standbys.empty()) {
    st.problem((on ? on->where : std::string("--ch-on")) +
               ": analytic streams on the standbys need a standby connection (--standby-conn, "
               "props standbyConn)");
  }
  if (on && st.cfg.ch_streams == 0) {
    st.problem(on->where +
               ": --ch-on places analytic streams; give --ch-streams N (props "
               "chStreams) too");
  }
  finish_ch_baseline(st);
}

}  // namespace tpcc
