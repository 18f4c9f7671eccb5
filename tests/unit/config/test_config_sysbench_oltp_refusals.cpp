// sysbench's oltp_* command line, continued: bad values and refusals
// (--scale, TPC-C's options with an oltp test, the oltp options with
// TPC-C, capacity and sweep), sysbench's general flags (--events,
// --percentile, --histogram, --rand-seed, --warmup-time, --rate), config.json
// and the help.
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
             Catch::StartsWith("--scale is TPC-C's and pgbench's; --test oltp_read_write does not "
                               "take it"));
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
               Catch::Contains(flag + " is TPC-C's") &&
                   Catch::Contains("; --workload oltp_read_write does not take it"));
  }
  CHECK_THAT(oltp_run_error({"--mode=procedures"}),
             Catch::StartsWith("--mode: procedures are TPC-C's PL/pgSQL functions"));
  CHECK(oltp_run({"--mode=statements"}).mode == tpcc::Mode::Statements);
  // From a props file too, named by file, line and key; the test word named.
  TempDir dir;
  const auto props = dir.write("tpcc.props", "warehouses=5\nnewOrderWeight=45\n");
  const std::string error = usage_error({"oltp_insert", "--props", props, "run"});
  CHECK_THAT(error, Catch::Contains(":1: key 'warehouses' is TPC-C's; --test oltp_insert does not "
                                    "take it"));
  CHECK_THAT(error, Catch::Contains(":2: key 'newOrderWeight' is TPC-C's"));
  // The options any workload takes stay.
  const Config c = oltp_run({"--connections=2", "--terminals=4", "--warmup=5", "--ramp=2",
                             "--query-mode=simple", "--statement-timeout=5s", "--result-dir=out"});
  CHECK(c.connections == 2);
  // sysbench's events send a plain BEGIN: TPC-C's isolation level is refused.
  CHECK_THAT(oltp_run_error({"--isolation=rr"}), Catch::StartsWith("--isolation is TPC-C's"));
}

TEST_CASE("sysbench oltp: the oltp options are refused with TPC-C", "[config][sysbench][oltp]") {
  CHECK_THAT(usage_error({"run", "--table-size=100"}),
             Catch::StartsWith("--table-size is sysbench's oltp tests'; the workload tpcc (the "
                               "default) does not take it; give --workload oltp_read_write"));
  CHECK_THAT(usage_error({"prepare", "--workload=tpcc", "--auto_inc=off"}),
             Catch::StartsWith("--auto_inc is sysbench's oltp tests'; --workload tpcc does not "
                               "take it"));
  CHECK_THAT(usage_error({"tpcc.lua", "--rand-type=uniform", "run"}),
             Catch::StartsWith("--rand-type is sysbench's oltp tests'; --test tpcc does not take "
                               "it"));
}

TEST_CASE("sysbench oltp: capacity and sweep take an oltp test, quickstart does not",
          "[config][sysbench][oltp]") {
  CHECK(parse({"capacity", "--workload=oltp_read_only"}).workload ==
        tpcc::WorkloadKind::SysbenchOltp);
  CHECK(parse({"sweep", "--workload=oltp_read_only", "--vary", "terminals=1,2", "--result-dir",
               "out"})
            .sweep);
  CHECK_THAT(usage_error({"quickstart", "--workload=oltp_read_only"}),
             Catch::StartsWith("option '--workload=oltp_read_only' is not for 'tpcc "
                               "quickstart'; it is an option of prepare, run, check, cleanup, "
                               "snapshot, capacity"));
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
  CHECK(has_note(parse({"--percentile=90", "prepare"}),
                 "sysbench flags without effect on prepare: --percentile"));
  // Only sysbench's oltp summary draws the histogram: refused with TPC-C.
  CHECK_THAT(usage_error({"--histogram", "run"}),
             Catch::StartsWith("--histogram is sysbench's oltp tests'"));
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
