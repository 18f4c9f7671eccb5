// sysbench's oltp_* command line (workloads/sysbench/config/oltp_settings.cpp,
// workloads/sysbench/config/oltp_finish.cpp, config/command_line/command_word.cpp):
// the POC guide's lines, the test word and --workload, every oltp option and its
// dash/underscore twin, sysbench's switches (the refusals and the general
// flags are in test_config_sysbench_oltp_refusals.cpp).
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
#include "tests/unit/config/oltp_config_support.hpp"
#include "tests/unit/config_test_support.hpp"
#include "tests/unit/temp_dir.hpp"

using tpcc::Config;
using tpcc::OltpTest;
using tpcc::WorkloadKind;
using tpcc::test::parse;
using tpcc::test::TempDir;
using tpcc::test::usage_error;
using namespace tpcc::test::oltp;

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
      "oltp_update_index, oltp_update_non_index, oltp_insert, oltp_delete, ingest, pgbench, ch";
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
