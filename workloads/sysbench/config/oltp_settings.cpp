// The options table, sysbench oltp part: which workload runs (--workload,
// or sysbench's test word before the command word), and the options of
// sysbench 1.0's oltp_*.lua tests by sysbench's names, each with its
// dash/underscore twin, since sysbench takes --table-size and --table_size
// alike. Values go straight into Config::oltp; the cross-checks between
// the workload and TPC-C's options are workloads/sysbench/config/oltp_finish.cpp's.
#include <string>
#include <vector>

#include "config/names.hpp"
#include "config/settings/table_parts.hpp"
#include "config/settings/values.hpp"
#include "workloads/sysbench/config/sysbench_config.hpp"

namespace tpcc::settings_table {
namespace {

constexpr VerbSet kWorkloadVerbs = kPrepare | kRun | kCheck | kCleanup | kCapacity;
// tpcc snapshot --workload: whose load the snapshot copies.
constexpr VerbSet kSnapshotVerb = verb_bit(Verb::Snapshot);

// The sbtest tables' id is an INTEGER (SERIAL): ids up to its largest.
constexpr long long kMaxId = 2147483647;

// Where each option acts: sysbench passes every flag to every command, so a
// flag given to a verb it does nothing for is accepted and listed in one note.
constexpr VerbSet kOnRun = kRun | kCapacity;
constexpr VerbSet kOnLoad = kPrepare | kCheck;  // how prepare lays the tables out
constexpr VerbSet kOnLoadAndRun = kPrepare | kRun | kCheck | kCapacity;

Setting& oltp_row(std::vector<Setting>& s, const char* flag, const char* twin,
                  const char* value_name, const char* help, Apply apply, Show show) {
  Setting& row =
      add(s, flag, value_name, {}, kWorkloadVerbs, kOltpOnly, kOltpSection, help, apply, show);
  row.twin = twin;
  return row;
}

// A count of Config::oltp (statements per event, rows, tables' ids):
// an integer in Lo..Hi.
template <auto Field, long long Lo, long long Hi, VerbSet Effective>
void apply_count(const std::string& v, const Source& src, ParseState& st) {
  st.cfg.oltp.*Field = parse_int(v, Lo, Hi, src.where);
  note_without_effect(src, st, Effective);
}

template <auto Field>
std::string show_value(const Config& c) {
  return format_number(static_cast<double>(c.oltp.*Field));
}

// On or off as sysbench takes them: --skip_trx alone is on, and
// --skip_trx=on|off|true|false (also yes/no, 1/0).
template <bool OltpOptions::*Field, VerbSet Effective>
void apply_switch(const std::string& v, const Source& src, ParseState& st) {
  st.cfg.oltp.*Field = parse_bool(v, src.where);
  note_without_effect(src, st, Effective);
}

template <bool OltpOptions::*Field>
std::string show_switch(const Config& c) {
  return c.oltp.*Field ? "on" : "off";
}

// A percentage of sysbench's special distribution, 0..100.
template <double OltpOptions::*Field>
void apply_percent(const std::string& v, const Source& src, ParseState& st) {
  st.cfg.oltp.*Field = parse_number_in(v, 0, 100, src.where);
  note_without_effect(src, st, kOnLoadAndRun);
}

void add_workload_choice(std::vector<Setting>& s) {
  add(
      s, "workload", "NAME", {}, kWorkloadVerbs | kCapacity | kSnapshotVerb, kAllWorkloads,
      kOltpSection,
      "What prepare loads, run drives, check verifies and cleanup drops: tpcc (TPC-C), or one "
      "of sysbench 1.0's oltp tests on their sbtest tables: oltp_read_write, oltp_read_only, "
      "oltp_write_only, oltp_point_select, oltp_update_index, oltp_update_non_index, "
      "oltp_insert, oltp_delete; or pgbench, pgbench 15's tables (pgbench -i) and scripts "
      "(docs/pgbench.md). sysbench's own command line names the test before the "
      "command word instead (tpcc oltp_read_write --tables=8 ... run; see --test). With an "
      "oltp test, TPC-C's own options (warehouses, the mix, keying and think times, "
      "Delivery, --spec, standbys, several drivers, ...) are refused, the run is unpaced and "
      "its progress lines take sysbench's shape unless --report-format says otherwise. "
      "tpcc sweep and tpcc capacity take every workload (docs/experiments.md). ingest: "
      "the bulk-ingest workload (docs/ingest.md), batches of rows appended by each terminal. "
      "ch: CH-benCHmark's 22 analytic queries on TPC-C's load made with tpcc prepare --ch, "
      "each terminal one query stream (docs/ch.md). tpcc snapshot copies the load of the workload "
      "it names (docs/experiments.md).",
      [](const std::string& v, const Source& src, ParseState& st) {
        const auto w = parse_workload_name(v);
        if (!w) fail(src.where, v, "a workload: " + workload_names());
        st.cfg.workload = w->kind;
        st.cfg.oltp.test = w->test;
      },
      [](const Config& c) { return std::string(workload_name(c)); })
      .json = json_none(kJsonAlias);
  add(
      s, "test", "NAME", {}, kWorkloadVerbs | kCapacity, kAllWorkloads, kOltpSection,
      "sysbench's test: the word before the command word on sysbench's command line (tpcc "
      "oltp_read_write --threads=4 run is tpcc run --test oltp_read_write --threads=4), or "
      "sysbench 0.5's --test. A workload name (see --workload), the name with .lua "
      "(oltp_read_write.lua), or a path to that file (/usr/share/sysbench/oltp_insert.lua); "
      "sysbench-tpcc's tpcc.lua is tpcc. The same as --workload, and refused beside a "
      "--workload that names another.",
      [](const std::string& v, const Source& src, ParseState& st) {
        const auto w = parse_sysbench_test(v);
        if (!w) fail(src.where, v, "a test tpcc runs: " + workload_names());
        st.sysbench.test = Given<WorkloadName>{*w, src};
      },
      [](const Config&) -> std::string { return "none"; })
      .json = json_none(kJsonAlias);
}

void add_event_options(std::vector<Setting>& s) {
  oltp_row(s, "table-size", "table_size", "N",
           "Rows per sbtest table (1..2147483647, the largest INTEGER id): prepare loads ids "
           "1..N, run draws its ids from them and check expects them.",
           apply_count<&OltpOptions::table_size, 1, kMaxId, kOnLoadAndRun>,
           show_value<&OltpOptions::table_size>)
      .json = json_none(kJsonWorkloadBlock);
  oltp_row(s, "point-selects", "point_selects", "N",
           "Point SELECTs (SELECT c FROM sbtestN WHERE id=?) per event (0 or more).",
           apply_count<&OltpOptions::point_selects, 0, kNoLimit, kOnRun>,
           show_value<&OltpOptions::point_selects>)
      .json = json_none(kJsonWorkloadBlock);
  oltp_row(s, "simple-ranges", "simple_ranges", "N",
           "Simple range SELECTs (SELECT c ... WHERE id BETWEEN ? AND ?) per event.",
           apply_count<&OltpOptions::simple_ranges, 0, kNoLimit, kOnRun>,
           show_value<&OltpOptions::simple_ranges>)
      .json = json_none(kJsonWorkloadBlock);
  oltp_row(s, "sum-ranges", "sum_ranges", "N", "SELECT SUM(k) range queries per event.",
           apply_count<&OltpOptions::sum_ranges, 0, kNoLimit, kOnRun>,
           show_value<&OltpOptions::sum_ranges>)
      .json = json_none(kJsonWorkloadBlock);
  oltp_row(s, "order-ranges", "order_ranges", "N", "SELECT ... ORDER BY c range queries per event.",
           apply_count<&OltpOptions::order_ranges, 0, kNoLimit, kOnRun>,
           show_value<&OltpOptions::order_ranges>)
      .json = json_none(kJsonWorkloadBlock);
  oltp_row(s, "distinct-ranges", "distinct_ranges", "N",
           "SELECT DISTINCT ... ORDER BY c range queries per event.",
           apply_count<&OltpOptions::distinct_ranges, 0, kNoLimit, kOnRun>,
           show_value<&OltpOptions::distinct_ranges>)
      .json = json_none(kJsonWorkloadBlock);
  oltp_row(s, "range-size", "range_size", "N",
           "Ids per range query (1 or more): id BETWEEN x AND x+N-1.",
           apply_count<&OltpOptions::range_size, 1, kNoLimit, kOnRun>,
           show_value<&OltpOptions::range_size>)
      .json = json_none(kJsonWorkloadBlock);
  oltp_row(s, "index-updates", "index_updates", "N",
           "UPDATEs of the indexed column k (k=k+1) per event.",
           apply_count<&OltpOptions::index_updates, 0, kNoLimit, kOnRun>,
           show_value<&OltpOptions::index_updates>)
      .json = json_none(kJsonWorkloadBlock);
  oltp_row(s, "non-index-updates", "non_index_updates", "N",
           "UPDATEs of the unindexed column c per event.",
           apply_count<&OltpOptions::non_index_updates, 0, kNoLimit, kOnRun>,
           show_value<&OltpOptions::non_index_updates>)
      .json = json_none(kJsonWorkloadBlock);
  oltp_row(s, "delete-inserts", "delete_inserts", "N",
           "DELETE and INSERT pairs of one id per event.",
           apply_count<&OltpOptions::delete_inserts, 0, kNoLimit, kOnRun>,
           show_value<&OltpOptions::delete_inserts>)
      .json = json_none(kJsonWorkloadBlock);
  oltp_row(s, "range-selects", "range_selects", nullptr,
           "Run the range SELECTs at all (off: none of the four kinds, whatever their counts).",
           apply_switch<&OltpOptions::range_selects, kOnRun>,
           show_switch<&OltpOptions::range_selects>)
      .json = json_none(kJsonWorkloadBlock);
  oltp_row(s, "skip-trx", "skip_trx", nullptr,
           "Send each event's statements in autocommit, without BEGIN and COMMIT around them.",
           apply_switch<&OltpOptions::skip_trx, kOnRun>, show_switch<&OltpOptions::skip_trx>)
      .json = json_none(kJsonWorkloadBlock);
}

void add_table_options(std::vector<Setting>& s) {
  oltp_row(s, "auto-inc", "auto_inc", nullptr,
           "The id column is a SERIAL that inserts leave out (on), or a plain INTEGER that "
           "inserts give (off).",
           apply_switch<&OltpOptions::auto_inc, kOnLoadAndRun>, show_switch<&OltpOptions::auto_inc>)
      .json = json_none(kJsonWorkloadBlock);
  oltp_row(s, "secondary", nullptr, nullptr,
           "id gets a secondary index in place of the primary key.",
           apply_switch<&OltpOptions::secondary, kOnLoad>, show_switch<&OltpOptions::secondary>)
      .json = json_none(kJsonWorkloadBlock);
  oltp_row(s, "create-secondary", "create_secondary", nullptr,
           "Create the index on k besides the primary key.",
           apply_switch<&OltpOptions::create_secondary, kOnLoad>,
           show_switch<&OltpOptions::create_secondary>)
      .json = json_none(kJsonWorkloadBlock);
}

// --standby-test: what each --standby-conn runs beside the primary's test.
void add_standby_test(std::vector<Setting>& s) {
  oltp_row(
      s, "standby-test", "standby_test", "oltp_read_only|oltp_point_select",
      "With --standby-conn, the read-only test each standby runs on the primary's clock, "
      "beside the primary's test, each side reported with its own figures and the standby's "
      "replication lag (one run in place of two sysbench clients).",
      [](const std::string& v, const Source& src, ParseState& st) {
        const auto name = parse_workload_name(v);
        if (!name || name->kind != WorkloadKind::SysbenchOltp ||
            (name->test != OltpTest::ReadOnly && name->test != OltpTest::PointSelect)) {
          fail(src.where, v, "oltp_read_only or oltp_point_select");
        }
        st.cfg.oltp.standby_test = name->test;
        note_without_effect(src, st, kOnRun);
      },
      [](const Config& c) { return std::string(oltp_test_name(c.oltp.standby_test)); })
      .json = json_none(kJsonWorkloadBlock);
}

void add_random_options(std::vector<Setting>& s) {
  oltp_row(
      s, "rand-type", "rand_type", "uniform|gaussian|special|pareto|zipfian",
      "How the ids an event touches (and prepare's k values) are drawn, as sysbench draws "
      "them. special (sysbench 1.0's default): --rand-spec-pct percent of the ids get "
      "--rand-spec-res percent of the draws; gaussian: the mean of --rand-spec-iter uniform "
      "draws; pareto: with --rand-pareto-h; zipfian (sysbench 1.1): with --rand-zipfian-exp.",
      [](const std::string& v, const Source& src, ParseState& st) {
        const auto t = parse_rand_type(v);
        if (!t) fail(src.where, v, "uniform, gaussian, special, pareto or zipfian");
        st.cfg.oltp.rand_type = *t;
        note_without_effect(src, st, kOnLoadAndRun);
      },
      [](const Config& c) { return std::string(rand_type_name(c.oltp.rand_type)); })
      .json = json_none(kJsonWorkloadBlock);
  oltp_row(s, "rand-spec-iter", "rand_spec_iter", "N",
           "Uniform draws averaged by the gaussian distribution (1 or more).",
           apply_count<&OltpOptions::rand_spec_iter, 1, kNoLimit, kOnLoadAndRun>,
           show_value<&OltpOptions::rand_spec_iter>)
      .json = json_none(kJsonWorkloadBlock);
  oltp_row(s, "rand-spec-pct", "rand_spec_pct", "PCT",
           "The special distribution's hot ids, in percent of the ids (0..100).",
           apply_percent<&OltpOptions::rand_spec_pct>, show_value<&OltpOptions::rand_spec_pct>)
      .json = json_none(kJsonWorkloadBlock);
  oltp_row(s, "rand-spec-res", "rand_spec_res", "PCT",
           "The special distribution's draws that go to the hot ids, in percent (0..100).",
           apply_percent<&OltpOptions::rand_spec_res>, show_value<&OltpOptions::rand_spec_res>)
      .json = json_none(kJsonWorkloadBlock);
  oltp_row(
      s, "rand-pareto-h", "rand_pareto_h", "H", "The pareto distribution's h, above 0 and below 1.",
      [](const std::string& v, const Source& src, ParseState& st) {
        const double h = parse_number(v, 0, true, src.where);
        if (h >= 1) fail(src.where, v, "a number above 0 and below 1");
        st.cfg.oltp.rand_pareto_h = h;
        note_without_effect(src, st, kOnLoadAndRun);
      },
      show_value<&OltpOptions::rand_pareto_h>)
      .json = json_none(kJsonWorkloadBlock);
  oltp_row(
      s, "rand-zipfian-exp", "rand_zipfian_exp", "X",
      "The zipfian distribution's exponent, 0 or more (0: uniform).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.oltp.rand_zipfian_exp = parse_number(v, 0, false, src.where);
        note_without_effect(src, st, kOnLoadAndRun);
      },
      show_value<&OltpOptions::rand_zipfian_exp>)
      .json = json_none(kJsonWorkloadBlock);
}

}  // namespace

void add_sysbench_oltp(std::vector<Setting>& s) {
  add_workload_choice(s);
  add_event_options(s);
  add_table_options(s);
  add_random_options(s);
  add_standby_test(s);
}

}  // namespace tpcc::settings_table
