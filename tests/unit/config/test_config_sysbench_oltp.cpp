// sysbench's oltp_* command line (config/settings/sysbench_oltp.cpp,
// config/finish/sysbench_oltp.cpp, config/command_line/command_word.cpp):
// the seed's lines, the test word and --workload, every oltp option and its
// dash/underscore twin, sysbench's general flags, and every refusal.
#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "config/command_line/command_word.hpp"
#include "config/command_line/options.hpp"
#include "config/effective.hpp"
#include "config/names.hpp"
#include "tests/unit/config_test_support.hpp"
#include "tests/unit/temp_dir.hpp"

using tpcc::Config;
using tpcc::OltpTest;
using tpcc::WorkloadKind;
using tpcc::test::parse;
using tpcc::test::TempDir;
using tpcc::test::usage_error;

namespace {

using Args = std::vector<std::string>;

// sysbench's oltp line as the seed writes it (sizes made small), the test
// word first and the command word last.
const Args kSeedFlags = {"--db-driver=pgsql",  "--pgsql-host=/tmp", "--pgsql-port=5432",
                         "--pgsql-user=u",     "--pgsql-db=d",      "--tables=8",
                         "--table-size=1000",  "--threads=4",       "--time=10",
                         "--report-interval=1"};

Args oltp_line(const std::string& test, const Args& extra, const std::string& command) {
  Args args = {test};
  args.insert(args.end(), kSeedFlags.begin(), kSeedFlags.end());
  args.insert(args.end(), extra.begin(), extra.end());
  args.push_back(command);
  return args;
}

// `tpcc run --workload oltp_read_write ARGS...`
Config oltp_run(const Args& extra) {
  Args args = {"run", "--workload=oltp_read_write"};
  args.insert(args.end(), extra.begin(), extra.end());
  return parse(args);
}

std::string oltp_run_error(const Args& extra) {
  Args args = {"run", "--workload=oltp_read_write"};
  args.insert(args.end(), extra.begin(), extra.end());
  return usage_error(args);
}

bool has_note(const Config& c, const std::string& text) {
  return std::find(c.notes.begin(), c.notes.end(), text) != c.notes.end();
}

}  // namespace

// --- the seed's lines --------------------------------------------------------------

TEST_CASE("sysbench oltp: the seed's run line parses to the oltp workload's configuration",
          "[config][sysbench][oltp]") {
  const Config c = parse(oltp_line("oltp_read_write", {}, "run"));
  CHECK(c.verb == tpcc::Verb::Run);
  CHECK(c.workload == WorkloadKind::SysbenchOltp);
  CHECK(c.oltp.test == OltpTest::ReadWrite);
  CHECK(c.conninfo == "host=/tmp port=5432 user=u dbname=d");
  CHECK(c.oltp.tables == 8);
  CHECK(c.oltp.table_size == 1000);
  CHECK(c.terminals == 4);
  CHECK(c.duration_seconds == 10);
  CHECK(c.report_interval_seconds == 1);
  // Unpaced, in sysbench's lines; no warehouses from --tables.
  CHECK_FALSE(c.keying_and_thinking);
  CHECK(c.report_format == tpcc::ReportFormat::Sysbench);
  CHECK(c.warehouses == 1);
  CHECK(c.warehouses_from_sysbench.empty());
  CHECK(c.notes.empty());
  // The other options keep sysbench 1.0.20's defaults.
  const tpcc::OltpOptions defaults;
  CHECK(c.oltp.point_selects == defaults.point_selects);
  CHECK(c.oltp.rand_type == tpcc::RandType::Special);
  CHECK(c.sysbench_percentile == 95);
  CHECK_FALSE(c.sysbench_histogram);
}

TEST_CASE("sysbench oltp: the seed's prepare, check and cleanup lines",
          "[config][sysbench][oltp]") {
  const Config prepare = parse(oltp_line("oltp_read_write", {}, "prepare"));
  CHECK(prepare.verb == tpcc::Verb::Prepare);
  CHECK(prepare.workload == WorkloadKind::SysbenchOltp);
  CHECK(prepare.load_workers == 4);
  CHECK(prepare.oltp.tables == 8);
  CHECK(prepare.oltp.table_size == 1000);
  CHECK(prepare.warehouses == 1);

  const Config check =
      parse({"oltp_point_select", "--pgsql-db=d", "--tables=3", "--table-size=50", "check"});
  CHECK(check.verb == tpcc::Verb::Check);
  CHECK(check.oltp.test == OltpTest::PointSelect);
  CHECK(check.oltp.tables == 3);
  CHECK(check.notes.empty());

  const Config cleanup = parse(oltp_line("oltp_read_write", {}, "cleanup"));
  CHECK(cleanup.verb == tpcc::Verb::Cleanup);
  CHECK(cleanup.workload == WorkloadKind::SysbenchOltp);
  REQUIRE(cleanup.notes.size() == 1);
  CHECK_THAT(cleanup.notes.front(),
             Catch::StartsWith("sysbench flags without effect on cleanup: ") &&
                 Catch::Contains("--threads") && Catch::Contains("--tables") &&
                 Catch::Contains("--time") && Catch::Contains("--table-size"));
  // TPC-C's check has no use for --tables.
  CHECK(
      has_note(parse({"check", "--tables=2"}), "sysbench flags without effect on check: --tables"));
}

// --- the test word and --workload -------------------------------------------------

TEST_CASE("sysbench oltp: the test word before the command word becomes --test",
          "[config][sysbench][oltp]") {
  using tpcc::command_word_first;
  CHECK(command_word_first({"oltp_insert", "--threads=2", "run"}) ==
        Args{"run", "--test=oltp_insert", "--threads=2"});
  CHECK(command_word_first({"--threads=2", "oltp_insert", "--table-size", "5", "prepare"}) ==
        Args{"prepare", "--test=oltp_insert", "--threads=2", "--table-size", "5"});
  CHECK(command_word_first({"oltp_insert", "--table_size", "5", "check"}) ==
        Args{"check", "--test=oltp_insert", "--table_size", "5"});
  // A command first and a second word stay for the parser to refuse.
  CHECK(command_word_first({"--threads=2", "run", "my.props"}) ==
        Args{"--threads=2", "run", "my.props"});
}

TEST_CASE("sysbench oltp: a test is named, named with .lua, or a path to its file",
          "[config][sysbench][oltp]") {
  const std::vector<std::pair<std::string, OltpTest>> tests = {
      {"oltp_read_write", OltpTest::ReadWrite},
      {"oltp_read_only", OltpTest::ReadOnly},
      {"oltp_write_only", OltpTest::WriteOnly},
      {"oltp_point_select.lua", OltpTest::PointSelect},
      {"/usr/share/sysbench/oltp_update_index.lua", OltpTest::UpdateIndex},
      {"./oltp_update_non_index.lua", OltpTest::UpdateNonIndex},
      {"oltp_insert", OltpTest::Insert},
      {"oltp_delete", OltpTest::Delete},
  };
  for (const auto& [word, test] : tests) {
    INFO(word);
    const Config c = parse({word, "--pgsql-db=d", "run"});
    CHECK(c.workload == WorkloadKind::SysbenchOltp);
    CHECK(c.oltp.test == test);
  }
  // sysbench-tpcc's own script is TPC-C.
  CHECK(parse({"./tpcc.lua", "--threads=2", "run"}).workload == WorkloadKind::Tpcc);
  CHECK(parse({"--test=oltp_delete", "run"}).oltp.test == OltpTest::Delete);
}

TEST_CASE("sysbench oltp: an unknown test name lists the known ones", "[config][sysbench][oltp]") {
  const std::string known =
      "tpcc, oltp_read_write, oltp_read_only, oltp_write_only, oltp_point_select, "
      "oltp_update_index, oltp_update_non_index, oltp_insert, oltp_delete, ingest, pgbench";
  CHECK(usage_error({"fileio", "--threads=2", "run"}) ==
        "--test: 'fileio' is not a test tpcc runs: " + known);
  CHECK_THAT(usage_error({"/usr/share/sysbench/oltp_read_write", "run"}),
             Catch::StartsWith("--test: '/usr/share/sysbench/oltp_read_write' is not"));
  CHECK_THAT(usage_error({"select_random_ranges.lua", "run"}),
             Catch::StartsWith("--test: 'select_random_ranges.lua' is not a test tpcc runs"));
  CHECK(usage_error({"run", "--workload=oltp_read_write.lua"}) ==
        "--workload: 'oltp_read_write.lua' is not a workload: " + known);
}

TEST_CASE("sysbench oltp: --workload names every test and tpcc", "[config][sysbench][oltp]") {
  CHECK(parse({"run"}).workload == WorkloadKind::Tpcc);
  CHECK(parse({"run", "--workload=tpcc"}).workload == WorkloadKind::Tpcc);
  for (const std::string name :
       {"oltp_read_write", "oltp_read_only", "oltp_write_only", "oltp_point_select",
        "oltp_update_index", "oltp_update_non_index", "oltp_insert", "oltp_delete"}) {
    INFO(name);
    for (const std::string verb : {"prepare", "run", "check", "cleanup"}) {
      const Config c = parse({verb, "--workload", name});
      CHECK(c.workload == WorkloadKind::SysbenchOltp);
      CHECK(tpcc::workload_name(c) == name);
    }
  }
  TempDir dir;
  const auto props = dir.write("oltp.props", "workload=oltp_insert\ntable_size=77\n");
  const Config from_props = parse({"run", props});
  CHECK(from_props.oltp.test == OltpTest::Insert);
  CHECK(from_props.oltp.table_size == 77);
}

TEST_CASE("sysbench oltp: the test word and a --workload that names another are refused",
          "[config][sysbench][oltp]") {
  CHECK(usage_error({"oltp_read_write", "--workload=oltp_insert", "run"}) ==
        "--test oltp_read_write (sysbench's test name) and --workload oltp_insert disagree; "
        "give one of them");
  CHECK_THAT(usage_error({"tpcc.lua", "--workload=oltp_insert", "run"}),
             Catch::Contains("--test tpcc (sysbench's test name) and --workload oltp_insert"));
  // The same workload twice is no disagreement; a flag beats the props file.
  CHECK(parse({"oltp_insert", "--workload=oltp_insert", "run"}).oltp.test == OltpTest::Insert);
  TempDir dir;
  const auto props = dir.write("w.props", "workload=oltp_insert\n");
  CHECK(parse({"oltp_delete", "--props", props, "run"}).oltp.test == OltpTest::Delete);
  const auto test_props = dir.write("t.props", "test=oltp_delete\n");
  CHECK(parse({"run", test_props, "--workload=oltp_insert"}).oltp.test == OltpTest::Insert);
}

// --- every oltp option and its twin ----------------------------------------------------

TEST_CASE("sysbench oltp: every option by its name, its twin and as a props key",
          "[config][sysbench][oltp]") {
  struct Case {
    const char* flag;
    const char* twin;
    const char* value;
    std::function<bool(const tpcc::OltpOptions&)> holds;
  };
  using O = tpcc::OltpOptions;
  const std::vector<Case> cases = {
      {"table-size", "table_size", "123456", [](const O& o) { return o.table_size == 123456; }},
      {"point-selects", "point_selects", "3", [](const O& o) { return o.point_selects == 3; }},
      {"simple-ranges", "simple_ranges", "4", [](const O& o) { return o.simple_ranges == 4; }},
      {"sum-ranges", "sum_ranges", "5", [](const O& o) { return o.sum_ranges == 5; }},
      {"order-ranges", "order_ranges", "6", [](const O& o) { return o.order_ranges == 6; }},
      {"distinct-ranges", "distinct_ranges", "0",
       [](const O& o) { return o.distinct_ranges == 0; }},
      {"range-size", "range_size", "7", [](const O& o) { return o.range_size == 7; }},
      {"index-updates", "index_updates", "8", [](const O& o) { return o.index_updates == 8; }},
      {"non-index-updates", "non_index_updates", "9",
       [](const O& o) { return o.non_index_updates == 9; }},
      {"delete-inserts", "delete_inserts", "2", [](const O& o) { return o.delete_inserts == 2; }},
      {"range-selects", "range_selects", "off", [](const O& o) { return !o.range_selects; }},
      {"skip-trx", "skip_trx", "on", [](const O& o) { return o.skip_trx; }},
      {"auto-inc", "auto_inc", "false", [](const O& o) { return !o.auto_inc; }},
      {"create-secondary", "create_secondary", "off",
       [](const O& o) { return !o.create_secondary; }},
      {"rand-type", "rand_type", "pareto",
       [](const O& o) { return o.rand_type == tpcc::RandType::Pareto; }},
      {"rand-spec-iter", "rand_spec_iter", "3", [](const O& o) { return o.rand_spec_iter == 3; }},
      {"rand-spec-pct", "rand_spec_pct", "2.5", [](const O& o) { return o.rand_spec_pct == 2.5; }},
      {"rand-spec-res", "rand_spec_res", "90", [](const O& o) { return o.rand_spec_res == 90; }},
      {"rand-pareto-h", "rand_pareto_h", "0.5", [](const O& o) { return o.rand_pareto_h == 0.5; }},
      {"rand-zipfian-exp", "rand_zipfian_exp", "1.1",
       [](const O& o) { return o.rand_zipfian_exp == 1.1; }},
  };
  TempDir dir;
  for (const Case& c : cases) {
    INFO("--" << c.flag);
    CHECK_FALSE(c.holds(tpcc::OltpOptions{}));  // the value is not the default
    // A switch takes its value attached only (--skip_trx=on), as sysbench.
    const std::string value = c.value;
    const bool is_switch = value == "on" || value == "off" || value == "false";
    for (const std::string name : {c.flag, c.twin}) {
      CHECK(c.holds(oltp_run({"--" + name + "=" + value}).oltp));
      if (!is_switch) CHECK(c.holds(oltp_run({"--" + name, value}).oltp));
      const auto props = dir.write(name + ".props", name + "=" + value + "\n");
      CHECK(c.holds(oltp_run({props}).oltp));
    }
    // One option, not two: both spellings at once are one given twice.
    if (!is_switch) {
      CHECK_THAT(oltp_run_error({"--" + std::string(c.flag) + "=" + value,
                                 "--" + std::string(c.twin) + "=" + value}),
                 Catch::Contains("cannot be specified more than once"));
    }
  }
  // --secondary has no twin (no dash in its name).
  CHECK(oltp_run({"--secondary"}).oltp.secondary);
  // sysbench 1.0's names (the underscores) in its test word's line.
  const Config c = parse({"oltp_read_only", "--table_size=10", "--range_selects=off", "run"});
  CHECK(c.oltp.table_size == 10);
  CHECK_FALSE(c.oltp.range_selects);
}

TEST_CASE("sysbench oltp: switches as sysbench takes them: alone on, =on|off|true|false",
          "[config][sysbench][oltp]") {
  CHECK(oltp_run({"--skip_trx"}).oltp.skip_trx);
  CHECK(oltp_run({"--skip-trx"}).oltp.skip_trx);
  CHECK(oltp_run({"--skip_trx=on"}).oltp.skip_trx);
  CHECK(oltp_run({"--skip_trx=true"}).oltp.skip_trx);
  CHECK_FALSE(oltp_run({"--skip_trx=off"}).oltp.skip_trx);
  CHECK_FALSE(oltp_run({"--skip_trx=false"}).oltp.skip_trx);
  CHECK(oltp_run({"--range_selects=on"}).oltp.range_selects);
  CHECK_FALSE(oltp_run({"--range-selects=off"}).oltp.range_selects);
  CHECK_FALSE(oltp_run({"--auto_inc=off"}).oltp.auto_inc);
  CHECK_FALSE(oltp_run({"--secondary=off"}).oltp.secondary);
  CHECK_THAT(oltp_run_error({"--skip_trx=maybe"}),
             Catch::StartsWith("--skip_trx: 'maybe' is not true or false"));
}

TEST_CASE("sysbench oltp: bad values name the flag as written and the value",
          "[config][sysbench][oltp]") {
  const std::vector<std::pair<Args, std::string>> cases = {
      {{"--table_size=0"}, "--table_size: 0 is out of range (1..2147483647)"},
      {{"--table-size=2147483648"}, "--table-size: 2147483648 is out of range"},
      {{"--table-size=many"}, "--table-size: 'many' is not"},
      {{"--point_selects=-1"}, "--point_selects: -1 is out of range"},
      {{"--range-size=0"}, "--range-size: 0 is out of range"},
      {{"--rand-type=normal"},
       "--rand-type: 'normal' is not uniform, gaussian, special, pareto or zipfian"},
      {{"--rand_spec_iter=0"}, "--rand_spec_iter: 0 is out of range"},
      {{"--rand-spec-pct=101"}, "--rand-spec-pct: '101' is not a number 0..100"},
      {{"--rand_spec_res=-5"}, "--rand_spec_res: '-5' is not a number 0..100"},
      {{"--rand-pareto-h=1"}, "--rand-pareto-h: '1' is not a number above 0 and below 1"},
      {{"--rand_pareto_h=0"}, "--rand_pareto_h: '0' is not a positive number"},
      {{"--rand-zipfian-exp=-1"}, "--rand-zipfian-exp: '-1' is not a non-negative number"},
      {{"--percentile=101"}, "--percentile: 101 is out of range (0..100)"},
      {{"--events=-3"}, "--events: -3 is out of range"},
      {{"--rand-seed=x"}, "--rand-seed: 'x' is not"},
  };
  for (const auto& [args, message] : cases) {
    INFO(args.front());
    CHECK_THAT(oltp_run_error(args), Catch::StartsWith(message));
  }
  TempDir dir;
  const auto props = dir.write("bad.props", "workload=oltp_insert\nrange_size=0\n");
  CHECK_THAT(usage_error({"run", props}),
             Catch::Contains(":2: key 'range_size': 0 is out of range"));
  // A range from the last id must end at an INTEGER id.
  CHECK_THAT(oltp_run_error({"--table-size=2147483647", "--range-size=2"}),
             Catch::StartsWith("--range-size: 2 ids from an id up to --table-size 2147483647"));
}

// --- what the workload refuses ------------------------------------------------------

TEST_CASE("sysbench oltp: --scale is sysbench-tpcc's and refused with an oltp test",
          "[config][sysbench][oltp]") {
  CHECK_THAT(usage_error({"oltp_read_write", "--tables=2", "--scale=10", "prepare"}),
             Catch::StartsWith("--scale: sysbench-tpcc's warehouses per table set; "
                               "oltp_read_write's tables have --table-size rows"));
  // With TPC-C it keeps its meaning.
  CHECK(parse({"--tables=2", "--scale=10", "prepare"}).warehouses == 20);
}

TEST_CASE(
    "sysbench oltp: standbys run --standby-test, oltp_read_only unless it names "
    "oltp_point_select",
    "[config][sysbench][oltp]") {
  const Config plain = oltp_run({"--standby-conn=host=standby", "--standby-terminals=2"});
  REQUIRE(plain.standbys.size() == 1);
  CHECK(plain.standbys.front().terminals == 2);
  CHECK(plain.oltp.standby_test == OltpTest::ReadOnly);
  CHECK(oltp_run({"--standby-conn=host=standby", "--standby_test=oltp_point_select"})
            .oltp.standby_test == OltpTest::PointSelect);
  CHECK_THAT(
      oltp_run_error({"--standby-conn=host=standby", "--standby-test=oltp_read_write"}),
      Catch::Contains("--standby-test") && Catch::Contains("oltp_read_only or oltp_point_select"));
  // The standbys' weights are TPC-C's mix: refused.
  CHECK_THAT(oltp_run_error({"--standby-conn=host=standby", "--standby-mix=50,50"}),
             Catch::Contains("TPC-C"));
}

TEST_CASE("sysbench oltp: TPC-C's own options are refused with an oltp test, naming them",
          "[config][sysbench][oltp]") {
  const std::vector<std::pair<std::string, Args>> cases = {
      {"prepare", {"--warehouses=2"}},
      {"prepare", {"--fillfactor=80"}},
      {"prepare", {"--foreign-keys"}},
      {"prepare", {"--partitions=4"}},
      {"prepare", {"--load-method=insert"}},
      {"check", {"--after-load"}},
      {"run", {"--mix=40,44,6,5,5"}},
      {"run", {"--profile=ro"}},
      {"run", {"--keying-think"}},
      {"run", {"--think-multiplier=2"}},
      {"run", {"--delivery=sync"}},
      {"run", {"--rollback-percent=2"}},
      {"run", {"--terminal-warehouse-fixed=false"}},
      {"run", {"--warehouse-from=2"}},
      {"run", {"--spec"}},
      {"run", {"--check-before-after"}},
      {"run", {"--driver=1/2"}},
      {"run", {"--failover"}},
  };
  for (const auto& [verb, args] : cases) {
    INFO(verb << " " << args.front());
    Args line = {verb, "--workload=oltp_read_write"};
    line.insert(line.end(), args.begin(), args.end());
    const std::string flag = args.front().substr(0, args.front().find('='));
    CHECK_THAT(usage_error(line),
               Catch::Contains(flag + ": a TPC-C option; the workload oltp_read_write "
                                      "(--workload) does not take it"));
  }
  CHECK_THAT(oltp_run_error({"--mode=procedures"}),
             Catch::StartsWith("--mode: procedures are TPC-C's PL/pgSQL functions"));
  CHECK(oltp_run({"--mode=statements"}).mode == tpcc::Mode::Statements);
  // From a props file too, named by file, line and key; the test word named.
  TempDir dir;
  const auto props = dir.write("tpcc.props", "warehouses=5\nnewOrderWeight=45\n");
  const std::string error = usage_error({"oltp_insert", "--props", props, "run"});
  CHECK_THAT(error, Catch::Contains(":1: key 'warehouses': a TPC-C option; the workload "
                                    "oltp_insert (--test) does not take it"));
  CHECK_THAT(error, Catch::Contains(":2: key 'newOrderWeight': a TPC-C option"));
  // The options any workload takes stay.
  const Config c =
      oltp_run({"--connections=2", "--terminals=4", "--warmup=5", "--ramp=2", "--isolation=rr",
                "--query-mode=simple", "--statement-timeout=5s", "--result-dir=out"});
  CHECK(c.connections == 2);
  CHECK(c.isolation == tpcc::Isolation::RepeatableRead);
}

TEST_CASE("sysbench oltp: the oltp options are refused with TPC-C", "[config][sysbench][oltp]") {
  CHECK_THAT(usage_error({"run", "--table-size=100"}),
             Catch::StartsWith("--table-size: an option of sysbench's oltp tests, and the "
                               "workload is tpcc"));
  CHECK_THAT(usage_error({"prepare", "--workload=tpcc", "--auto_inc=off"}),
             Catch::StartsWith("--auto_inc: an option of sysbench's oltp tests"));
  CHECK_THAT(usage_error({"tpcc.lua", "--rand-type=uniform", "run"}),
             Catch::StartsWith("--rand-type: an option of sysbench's oltp tests"));
}

TEST_CASE("sysbench oltp: capacity and sweep refuse an oltp test for now",
          "[config][sysbench][oltp]") {
  CHECK_THAT(usage_error({"capacity", "--workload=oltp_read_only"}),
             Catch::Contains("tpcc capacity runs TPC-C only for now; the workload "
                             "oltp_read_only (--workload) runs with tpcc run"));
  CHECK_THAT(usage_error({"sweep", "--workload=oltp_read_only", "--vary", "terminals=1,2",
                          "--result-dir", "out"}),
             Catch::Contains("tpcc sweep runs TPC-C only for now"));
  CHECK_THAT(usage_error({"quickstart", "--workload=oltp_read_only"}),
             Catch::StartsWith("option '--workload=oltp_read_only' is not for 'tpcc "
                               "quickstart'; it is an option of prepare, run, check, cleanup, "
                               "capacity"));
}

TEST_CASE("sysbench oltp: the run's lines default to sysbench's, unless --report-format says",
          "[config][sysbench][oltp]") {
  CHECK(oltp_run({}).report_format == tpcc::ReportFormat::Sysbench);
  CHECK(oltp_run({"--report-format=tpcc"}).report_format == tpcc::ReportFormat::Tpcc);
  CHECK(parse({"run"}).report_format == tpcc::ReportFormat::Tpcc);
  CHECK_FALSE(oltp_run({}).keying_and_thinking);
}

// --- sysbench's general flags ------------------------------------------------------------

TEST_CASE("sysbench oltp: --events over all threads is a count per terminal",
          "[config][sysbench][oltp]") {
  const Config c = oltp_run({"--events=1000", "--threads=4"});
  CHECK(c.txns_per_terminal == 250);
  CHECK(has_note(c, "sysbench --events 1000: 250 per terminal over 4 terminals"));
  CHECK(oltp_run({"--events=100", "--threads=4", "--time=0"}).txns_per_terminal == 25);
  // 0 is sysbench's "no limit": the run goes by --time.
  const Config by_time = oltp_run({"--events=0", "--time=5"});
  CHECK(by_time.txns_per_terminal == 0);
  CHECK(by_time.duration_seconds == 5);
  CHECK_THAT(oltp_run_error({"--events=10", "--threads=4"}),
             Catch::StartsWith("--events 10: tpcc counts events per terminal, and 10 is not a "
                               "multiple of the 4 terminals (--threads)"));
  CHECK_THAT(oltp_run_error({"--events=100", "--threads=4", "--time=60"}),
             Catch::StartsWith("--events 100 and --time 60: sysbench stops at whichever comes "
                               "first"));
  CHECK_THAT(oltp_run_error({"--time=0"}),
             Catch::StartsWith("--time: 0 is out of range (1..2147483647) without --events"));
  CHECK_THAT(oltp_run_error({"--events=100", "--threads=4", "--txns-per-terminal=5"}),
             Catch::Contains("--events 100 (25 per terminal) and --txns-per-terminal 5 "
                             "disagree"));
}

TEST_CASE("sysbench oltp: --percentile and --histogram for sysbench's lines",
          "[config][sysbench][oltp]") {
  CHECK(oltp_run({"--percentile=99"}).sysbench_percentile == 99);
  CHECK(oltp_run({"--percentile=0"}).sysbench_percentile == 0);
  CHECK(oltp_run({"--histogram"}).sysbench_histogram);
  CHECK(oltp_run({"--histogram=on"}).sysbench_histogram);
  CHECK_FALSE(oltp_run({"--histogram=off"}).sysbench_histogram);
  // sysbench-tpcc's lines take them too.
  CHECK(parse({"--percentile=90", "run"}).sysbench_percentile == 90);
  CHECK(has_note(parse({"--histogram", "prepare"}),
                 "sysbench flags without effect on prepare: --histogram"));
}

TEST_CASE("sysbench oltp: --rand-seed seeds the run, and prepare's data as --seed",
          "[config][sysbench][oltp]") {
  CHECK(oltp_run({}).rand_seed == 0);
  CHECK(oltp_run({"--rand-seed=42"}).rand_seed == 42);
  CHECK(oltp_run({"--rand_seed=43"}).rand_seed == 43);
  const Config prepare = parse({"oltp_read_write", "--rand-seed=7", "prepare"});
  CHECK(prepare.seed == 7);
  CHECK(prepare.seed_given);
  // 0, sysbench's "from the clock", keeps the data generator's default.
  const Config zero = parse({"oltp_read_write", "--rand-seed=0", "prepare"});
  CHECK(zero.seed == Config{}.seed);
  CHECK_FALSE(zero.seed_given);
  CHECK_THAT(usage_error({"--rand-seed=7", "--seed=8", "prepare"}),
             Catch::Contains("--rand-seed 7 and --seed 8 disagree"));
}

TEST_CASE("sysbench oltp: --warmup-time is the warm-up", "[config][sysbench][oltp]") {
  CHECK(oltp_run({"--warmup-time=12"}).warmup_seconds == 12);
  CHECK(oltp_run({"--warmup_time=13"}).warmup_seconds == 13);
  CHECK_THAT(oltp_run_error({"--warmup-time=12", "--warmup=5"}),
             Catch::Contains("--warmup-time 12 and --warmup 5 disagree"));
}

TEST_CASE("sysbench oltp: --rate is events per second, tpcc's --rate per minute",
          "[config][sysbench][oltp]") {
  const Config c = oltp_run({"--rate=100"});
  CHECK(c.rate_tpm == 6000);
  CHECK(has_note(c, "sysbench --rate 100: events per second, 6000 per minute"));
  CHECK(parse({"run", "--rate=100"}).rate_tpm == 100);
  TempDir dir;
  const auto props = dir.write("rate.props", "limitTxnsPerMin=300\n");
  CHECK(oltp_run({props}).rate_tpm == 300);
}

// --- what is shown and saved -----------------------------------------------------------

TEST_CASE("sysbench oltp: config.json shows the workload and its options, and reads back",
          "[config][sysbench][oltp]") {
  const Config c = parse({"oltp_delete", "--tables=3", "--table_size=500", "--rand-type=uniform",
                          "--skip_trx", "--percentile=99", "--rand-seed=5", "run"});
  const std::string text = tpcc::effective_config_json(c);
  const auto j = nlohmann::json::parse(text);
  CHECK(j.at("workload") == "oltp_delete");
  CHECK(j.at("oltp").at("tables") == 3);
  CHECK(j.at("oltp").at("table_size") == 500);
  CHECK(j.at("oltp").at("rand_type") == "uniform");
  CHECK(j.at("oltp").at("skip_trx") == true);
  CHECK(j.at("run").at("sysbench_percentile") == 99);
  CHECK(j.at("run").at("rand_seed") == 5);
  const Config back = tpcc::config_from_effective_json(j);
  CHECK(back.workload == WorkloadKind::SysbenchOltp);
  CHECK(back.oltp.test == OltpTest::Delete);
  CHECK(back.oltp.tables == 3);
  CHECK(back.oltp.table_size == 500);
  CHECK(back.oltp.rand_type == tpcc::RandType::Uniform);
  CHECK(back.oltp.skip_trx);
  CHECK(back.sysbench_percentile == 99);
  CHECK(back.rand_seed == 5);
  // TPC-C names its workload and has no oltp options.
  const auto tpcc_json = nlohmann::json::parse(tpcc::effective_config_json(parse({"run"})));
  CHECK(tpcc_json.at("workload") == "tpcc");
  CHECK_FALSE(tpcc_json.contains("oltp"));
  CHECK_THROWS(tpcc::config_from_effective_json(nlohmann::json::parse(R"({"workload": "x"})")));
}

TEST_CASE("sysbench oltp: the help lists every option with its twin", "[config][sysbench][oltp]") {
  const std::string help = tpcc::help_text(tpcc::Verb::Run);
  CHECK_THAT(help, Catch::Contains("sysbench's oltp options:"));
  for (const char* head :
       {"--workload NAME", "--test NAME", "--table-size N (or --table_size)",
        "--point-selects N (or --point_selects)", "--skip-trx (or --skip_trx)",
        "--rand-type uniform|gaussian|special|pareto|zipfian (or --rand_type)",
        "--rand-zipfian-exp X (or --rand_zipfian_exp)", "--events N", "--percentile P",
        "--histogram", "--rand-seed N (or --rand_seed)", "--warmup-time SEC (or --warmup_time)"}) {
    CHECK_THAT(help, Catch::Contains(std::string("  ") + head + "\n"));
  }
  CHECK_THAT(tpcc::help_text(std::nullopt),
             Catch::Contains("tpcc TEST [options] prepare|run|check|cleanup"));
}
