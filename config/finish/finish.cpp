// finish_config: the cross-option checks and derived values in the order
// they depend on each other; each step lives in a file of its own.
#include "config/finish/finish.hpp"

#include "config/errors.hpp"

namespace tpcc {
namespace {

bool runs_terminals(Verb v) {
  return v == Verb::Run || v == Verb::Quickstart || v == Verb::Capacity;
}

// tpcc report: one of DIR (redraw), --merge or --compare.
void check_report(const ParseState& st) {
  const Config& c = st.cfg;
  const int forms = (c.report_dir.empty() ? 0 : 1) + (c.merge_dirs.empty() ? 0 : 1) +
                    (c.compare_dirs.empty() ? 0 : 1);
  if (forms == 0) {
    throw UsageError(
        "tpcc report needs a result directory (tpcc report DIR), --merge DIR... "
        "--out DIR or --compare DIR DIR...");
  }
  if (forms > 1) {
    throw UsageError("tpcc report: give one of a result directory (DIR), --merge or --compare");
  }
  if (!c.compare_dirs.empty() && c.compare_dirs.size() < 2) {
    throw UsageError("--compare: give two result directories or more (got " +
                     std::to_string(c.compare_dirs.size()) + ")");
  }
  if (c.merge_dirs.empty()) return;
  if (c.merge_dirs.size() < 2) {
    throw UsageError("--merge: give the result directories of two drivers or more (got " +
                     std::to_string(c.merge_dirs.size()) + ")");
  }
  if (c.out_dir.empty()) throw UsageError("--out: tpcc report --merge needs --out DIR");
}

void warn_rollback_percent(const ParseState& st) {
  const std::optional<Source> given = st.given.source("rollback-percent");
  if (!given || st.cfg.rollback_percent == 1) return;
  st.warn(given->where,
          std::to_string(st.cfg.rollback_percent) +
              "% of New-Orders rolling back is not TPC-C compliant (clause 2.4.1.4: 1%)");
}

}  // namespace

void finish_config(ParseState& st) {
  st.collect([&] {
    const RawConn raw = st.conn.value_or(RawConn{});
    st.cfg.conninfo = with_pgsql_flags(translate_conninfo(raw, st), raw.layer, st);
  });
  st.collect([&] { check_destructive_target(st); });
  finish_workload(st);
  refuse_other_workloads_options(st);
  finish_sysbench(st);
  finish_mix(st);
  finish_citus(st);
  finish_oltp(st);
  finish_ingest(st);
  finish_ch(st);
  st.collect([&] { check_durability(st); });
  if (st.cfg.restore_drop_others && !st.cfg.restore) {
    st.problem("--restore-drop-others (props restoreDropOthers) is only for --restore");
  }
  if (st.cfg.verb == Verb::Report) st.collect([&] { check_report(st); });
  if (!runs_terminals(st.cfg.verb)) return;
  finish_terminal_count(st);
  finish_run_defaults(st);
  finish_curve(st);
  check_terminals(st);
  warn_rollback_percent(st);
  if (st.cfg.verb == Verb::Run) finish_standbys(st);
  if (st.cfg.verb == Verb::Run) finish_mixed(st);
  if (st.cfg.verb == Verb::Run) finish_hosts(st);
  // Each driver would drop the database under the others' terminals.
  if (st.cfg.verb == Verb::Run && st.cfg.restore && st.cfg.driver_count > 0) {
    st.problem(
        "--restore (props restore) with --driver: the drivers of one run share the database, "
        "and each would drop it under the others; restore it once, in a run of its own without "
        "--driver, before the drivers start");
  }
}

}  // namespace tpcc
