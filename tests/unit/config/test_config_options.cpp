// The command line, flag by flag: verbs, help, unknown flags, and the values
// each flag takes. The run length, mix and profile are in
// test_config_run_options.cpp; the props file and the connection string in
// test_config_props_layering.cpp.
#include <catch2/catch.hpp>

#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "config/command_line/options.hpp"
#include "config/errors.hpp"
#include "tests/unit/config_test_support.hpp"
#include "tests/unit/temp_dir.hpp"

using tpcc::Config;
using tpcc::UsageError;
using tpcc::test::Mix;
using tpcc::test::parse;
using tpcc::test::TempDir;
using tpcc::test::usage_error;

namespace {

tpcc::HelpRequested help_for(const std::vector<std::string>& args) {
  try {
    parse(args);
  } catch (const tpcc::HelpRequested& h) {
    return h;
  }
  FAIL("no HelpRequested");
  return {};
}

}  // namespace

// --- verbs, help, unknown flags ------------------------------------------------

TEST_CASE("options: the verb comes first and the defaults are config.hpp's", "[config][options]") {
  const Config c = parse({"run"});
  const Config d;
  CHECK(c.verb == tpcc::Verb::Run);
  CHECK(c.conninfo.empty());
  CHECK_FALSE(c.props_file.has_value());
  CHECK(c.terminals == d.terminals);
  CHECK(c.duration_seconds == d.duration_seconds);
  CHECK(c.mix == d.mix);
  CHECK(parse({"prepare"}).verb == tpcc::Verb::Prepare);
  CHECK(parse({"check"}).verb == tpcc::Verb::Check);
  CHECK(parse({"cleanup"}).verb == tpcc::Verb::Cleanup);
  CHECK(parse({"quickstart"}).verb == tpcc::Verb::Quickstart);
}

TEST_CASE("options: a missing or unknown verb is a usage error", "[config][options]") {
  CHECK_THROWS_WITH(parse({}), Catch::Contains("missing command"));
  CHECK_THROWS_WITH(parse({"load"}), Catch::Contains("unknown command 'load'"));
  CHECK_THROWS_WITH(parse({"--warehouses", "3"}), Catch::Contains("unknown command"));
}

TEST_CASE("options: unknown flags and flags of another verb are usage errors",
          "[config][options]") {
  CHECK_THROWS_WITH(parse({"run", "--bogus"}),
                    Catch::Contains("unknown option '--bogus'") && Catch::Contains("tpcc run"));
  CHECK_THAT(usage_error({"run", "--terminal", "3"}),
             Catch::StartsWith("unknown option '--terminal' for 'tpcc run'; did you mean "
                               "--terminals?"));
  const auto msg = usage_error({"run", "--warehouses", "3"});
  CHECK_THAT(msg, Catch::Contains("--warehouses") && Catch::Contains("prepare, quickstart"));
  CHECK_THROWS_WITH(parse({"cleanup", "--terminals", "3"}), Catch::Contains("--terminals"));
  CHECK_THROWS_WITH(parse({"quickstart", "--conn", "host=x"}), Catch::Contains("--conn"));
  // No abbreviations: --ware is not --warehouses.
  CHECK_THROWS_WITH(parse({"prepare", "--ware", "3"}), Catch::Contains("--ware"));
}

TEST_CASE("options: missing values, repeated flags and extra positionals", "[config][options]") {
  CHECK_THROWS_WITH(parse({"prepare", "--warehouses"}), Catch::Contains("--warehouses"));
  CHECK_THROWS_WITH(parse({"prepare", "--warehouses", "2", "--warehouses", "3"}),
                    Catch::Contains("--warehouses"));
  CHECK_THROWS_WITH(parse({"run", "a.props", "b.props"}), Catch::Contains("one props file"));
  CHECK_THROWS_AS(parse({"run", "a.props", "--props", "b.props"}), UsageError);
}

TEST_CASE("options: --help and -h per verb, and the general help", "[config][options]") {
  auto h = help_for({"run", "--help"});
  REQUIRE(h.verb == tpcc::Verb::Run);
  CHECK_THAT(h.text, Catch::Contains("tpcc run") && Catch::Contains("--terminals"));
  CHECK_THAT(h.text, !Catch::Contains("--warehouses"));
  h = help_for({"prepare", "-h"});
  CHECK(h.verb == tpcc::Verb::Prepare);
  CHECK_THAT(h.text, Catch::Contains("--fillfactor"));
  h = help_for({"--help"});
  CHECK_FALSE(h.verb.has_value());
  CHECK_THAT(h.text, Catch::Contains("quickstart") && Catch::Contains("cleanup"));
  h = help_for({"help", "check"});
  CHECK(h.verb == tpcc::Verb::Check);
  CHECK_THAT(h.text, Catch::Contains("--after-load"));
  h = help_for({"--version"});
  CHECK_THAT(h.text, Catch::StartsWith("tpcc ") && Catch::Contains(TPCC_VERSION));
  // Help wins over a props file that does not exist.
  CHECK(help_for({"run", "/nonexistent/props.pg", "--help"}).verb == tpcc::Verb::Run);
}

TEST_CASE("options: the help documents every flag of every verb with a default",
          "[config][options]") {
  const std::vector<std::pair<tpcc::Verb, std::vector<std::string>>> flags = {
      {tpcc::Verb::Prepare,
       {"--conn", "--props", "--warehouses", "--load-workers", "--load-method", "--batch-rows",
        "--copy-format", "--seed", "--fillfactor", "--tablespace", "--foreign-keys", "--partitions",
        "--no-check"}},
      {tpcc::Verb::Check, {"--conn", "--after-load"}},
      {tpcc::Verb::Cleanup, {"--conn"}},
      {tpcc::Verb::Quickstart, {"--keep", "--warehouses", "--duration", "--terminals", "--mix"}},
      {tpcc::Verb::Run,
       {"--conn",
        "--terminals",
        "--connections",
        "--duration",
        "--warmup",
        "--txns-per-terminal",
        "--mix",
        "--profile",
        "--mode",
        "--isolation",
        "--terminal-warehouse-fixed",
        "--rate",
        "--keying-think",
        "--think-multiplier",
        "--keying-multiplier",
        "--report-interval",
        "--result-dir",
        "--json",
        "--standby-conn",
        "--standby-terminals",
        "--standby-mix",
        "--warehouse-from",
        "--warehouse-to",
        "--rollback-percent",
        "--allow-many-terminals"}},
  };
  const std::string all = tpcc::help_text(std::nullopt);
  for (const auto& [verb, names] : flags) {
    const std::string text = tpcc::help_text(verb);
    for (const auto& f : names) {
      INFO(f);
      CHECK_THAT(text, Catch::Contains(f));
      CHECK_THAT(all, Catch::Contains(f));
    }
  }
  // Every option paragraph ends with its default.
  std::istringstream lines(all);
  std::string line;
  int options = 0;
  int defaults = 0;
  while (std::getline(lines, line)) {
    if (line.rfind("  --", 0) == 0 || line.rfind("  props ", 0) == 0) ++options;
    // "Default:" may end a line: a long switch's sentence wraps before its value.
    if (line.find("Default:") != std::string::npos) ++defaults;
  }
  CHECK(options >= 30);
  CHECK(defaults == options);
  CHECK_THAT(all, Catch::Contains("Default: 45,43,4,4,4"));
  CHECK_THAT(all, Catch::Contains("loadWorkers") && Catch::Contains("runMins") &&
                      Catch::Contains("limitTxnsPerMin"));
}

// --- values ------------------------------------------------------------------------

TEST_CASE("options: prepare flags set their Config fields", "[config][options]") {
  const Config c =
      parse({"prepare", "--warehouses", "100", "--load-workers", "8", "--load-method", "insert",
             "--batch-rows", "500", "--seed", "18446744073709551615", "--foreign-keys",
             "--partitions", "16", "--no-check", "--conn", "host=db1 dbname=tpcc"});
  CHECK(c.warehouses == 100);
  CHECK(c.load_workers == 8);
  CHECK(c.load_method == tpcc::LoadMethod::Insert);
  CHECK(c.insert_batch_rows == 500);
  CHECK(c.copy_format == tpcc::CopyFormat::Binary);  // the default
  CHECK(parse({"prepare", "--copy-format", "text"}).copy_format == tpcc::CopyFormat::Text);
  CHECK(c.seed == 18446744073709551615ULL);
  CHECK(c.seed_given);
  CHECK(c.foreign_keys);
  CHECK(c.partitions == 16);
  CHECK(c.no_check);
  CHECK(c.conninfo == "host=db1 dbname=tpcc");
  CHECK_FALSE(parse({"prepare"}).seed_given);
}

TEST_CASE("options: run flags set their Config fields", "[config][options]") {
  const Config c = parse({"run",
                          "--terminals",
                          "50",
                          "--connections",
                          "10",
                          "--duration=300",
                          "--warmup",
                          "30",
                          "--mix",
                          "44,44,4,4,4",
                          "--mode",
                          "statements",
                          "--isolation",
                          "serializable",
                          "--terminal-warehouse-fixed",
                          "false",
                          "--rate",
                          "1200.5",
                          "--keying-think",
                          "--think-multiplier",
                          "0.1",
                          "--report-interval",
                          "5",
                          "--result-dir",
                          "out",
                          "--json",
                          "r.json"});
  CHECK(c.terminals == 50);
  CHECK(c.connections == 10);
  CHECK(c.duration_seconds == 300);
  CHECK(c.warmup_seconds == 30);
  CHECK(c.mix == Mix{44, 44, 4, 4, 4});
  CHECK(c.mode == tpcc::Mode::Statements);
  CHECK(c.isolation == tpcc::Isolation::Serializable);
  CHECK_FALSE(c.terminal_warehouse_fixed);
  CHECK(c.rate_tpm == Approx(1200.5));
  CHECK(c.keying_and_thinking);
  CHECK(c.think_multiplier == Approx(0.1));
  CHECK(c.report_interval_seconds == 5);
  CHECK(c.result_dir == "out");
  CHECK(c.json_file == "r.json");
  CHECK(parse({"run", "--isolation", "rr"}).isolation == tpcc::Isolation::RepeatableRead);
  CHECK(parse({"run", "--txns-per-terminal", "100"}).txns_per_terminal == 100);
}

TEST_CASE("options: check, cleanup and quickstart flags", "[config][options]") {
  CHECK(parse({"check", "--after-load"}).after_load);
  CHECK_FALSE(parse({"check"}).after_load);
  const Config q =
      parse({"quickstart", "--keep", "--warehouses", "2", "--duration", "20", "--terminals", "4"});
  CHECK(q.keep);
  CHECK(q.warehouses == 2);
  CHECK(q.duration_seconds == 20);
  CHECK(q.terminals == 4);
}

TEST_CASE("options: bad numbers name the flag", "[config][options]") {
  CHECK(usage_error({"prepare", "--warehouses", "x"}) ==
        "--warehouses: 'x' is not a positive integer");
  CHECK(usage_error({"prepare", "--warehouses", "0"}) ==
        "--warehouses: 0 is out of range (1..2147483647)");
  CHECK(usage_error({"prepare", "--warehouses", "1.5"}) ==
        "--warehouses: '1.5' is not a positive integer");
  CHECK(usage_error({"prepare", "--warehouses", "99999999999"}) ==
        "--warehouses: 99999999999 is out of range (1..2147483647)");
  CHECK(usage_error({"prepare", "--load-workers", "0"}) ==
        "--load-workers: 0 is out of range (1..2147483647)");
  CHECK(usage_error({"prepare", "--batch-rows", "100001"}) ==
        "--batch-rows: 100001 is out of range (1..100000)");
  CHECK(usage_error({"prepare", "--partitions", "1025"}) ==
        "--partitions: 1025 is out of range (0..1024)");
  CHECK(usage_error({"prepare", "--seed", "-1"}) ==
        "--seed: '-1' is not an integer 0..18446744073709551615");
  CHECK(usage_error({"run", "--terminals", "ten"}) ==
        "--terminals: 'ten' is not a positive integer");
  CHECK(usage_error({"run", "--connections=-1"}) ==
        "--connections: -1 is out of range (0..2147483647)");
  CHECK(usage_error({"run", "--think-multiplier", "0"}) ==
        "--think-multiplier: '0' is not a positive number");
  CHECK(usage_error({"run", "--rate", "-5"}) == "--rate: '-5' is not a non-negative number");
  CHECK(usage_error({"run", "--rate", "nan"}) == "--rate: 'nan' is not a non-negative number");
  CHECK(usage_error({"run", "--report-interval", "86401"}) ==
        "--report-interval: 86401 is out of range (0..86400)");
  CHECK(usage_error({"run", "--terminal-warehouse-fixed", "maybe"}) ==
        "--terminal-warehouse-fixed: 'maybe' is not true or false");
}

TEST_CASE("options: bad choices list the choices", "[config][options]") {
  CHECK(usage_error({"prepare", "--load-method", "bulk"}) ==
        "--load-method: 'bulk' is not copy or insert");
  CHECK(usage_error({"prepare", "--copy-format", "csv"}) ==
        "--copy-format: 'csv' is not text or binary");
  CHECK(usage_error({"run", "--mode", "stored"}) ==
        "--mode: 'stored' is not statements or procedures");
  CHECK(usage_error({"run", "--isolation", "snapshot"}) ==
        "--isolation: 'snapshot' is not rc, rr or serializable");
  CHECK(usage_error({"run", "--profile", "rx"}) == "--profile: 'rx' is not rw or ro");
}

TEST_CASE("options: --fillfactor takes one number or table=percent pairs", "[config][options]") {
  using FF = std::map<std::string, int>;
  // Pairs change those tables over prepare's defaults (config/table_storage.hpp).
  const auto over_defaults = [](const FF& pairs) {
    FF out = tpcc::default_fillfactor();
    for (const auto& [table, pct] : pairs) out[table] = pct;
    return out;
  };
  CHECK(parse({"prepare", "--fillfactor", "80"}).fillfactor == FF{{"*", 80}});
  CHECK(parse({"prepare", "--fillfactor", "stock=80,customer=90"}).fillfactor ==
        over_defaults({{"bmsql_stock", 80}, {"bmsql_customer", 90}}));
  CHECK(parse({"prepare", "--fillfactor", "order=70, new_order=100,bmsql_item=10"}).fillfactor ==
        over_defaults({{"bmsql_oorder", 70}, {"bmsql_new_order", 100}, {"bmsql_item", 10}}));
  CHECK(parse({"prepare", "--fillfactor", "90,stock=80"}).fillfactor ==
        FF{{"*", 90}, {"bmsql_stock", 80}});
  // Repeated flags add up.
  CHECK(parse({"prepare", "--fillfactor", "stock=80", "--fillfactor", "district=50"}).fillfactor ==
        over_defaults({{"bmsql_stock", 80}, {"bmsql_district", 50}}));
  for (const char* t : {"warehouse", "district", "customer", "history", "new_order", "oorder",
                        "order_line", "item", "stock"}) {
    INFO(t);
    const auto ff = parse({"prepare", "--fillfactor", std::string(t) + "=75"}).fillfactor;
    CHECK(ff == over_defaults({{std::string("bmsql_") + t, 75}}));
  }
  CHECK(usage_error({"prepare", "--fillfactor", "stock=abc"}) ==
        "--fillfactor: 'stock=abc' is not a number 10..100");
  CHECK(usage_error({"prepare", "--fillfactor", "5"}) ==
        "--fillfactor: '5' is not a number 10..100");
  CHECK(usage_error({"prepare", "--fillfactor", "stock=101"}) ==
        "--fillfactor: 'stock=101' is not a number 10..100");
  CHECK_THAT(usage_error({"prepare", "--fillfactor", "orders=80"}),
             Catch::StartsWith("--fillfactor: unknown table 'orders'"));
  CHECK_THAT(usage_error({"prepare", "--fillfactor", "stock=80,"}),
             Catch::StartsWith("--fillfactor: empty item"));
}

TEST_CASE("options: --tablespace takes one name or table=name pairs, validated",
          "[config][options]") {
  using TS = std::map<std::string, std::string>;
  CHECK(parse({"prepare", "--tablespace", "ts1"}).tablespace == TS{{"*", "ts1"}});
  CHECK(parse({"prepare", "--tablespace", "customer=ts2,stock=ts3"}).tablespace ==
        TS{{"bmsql_customer", "ts2"}, {"bmsql_stock", "ts3"}});
  CHECK(parse({"prepare", "--tablespace", "_fast$1"}).tablespace == TS{{"*", "_fast$1"}});
  CHECK(parse({"prepare", "--tablespace", std::string(63, 'a')}).tablespace ==
        TS{{"*", std::string(63, 'a')}});
  const std::vector<std::string> bad_names = {
      "1ts", "ts-1", "ts 1", "ts\";drop", std::string(64, 'a'), "", "$x"};
  for (const auto& bad : bad_names) {
    INFO(bad);
    CHECK_THAT(usage_error({"prepare", "--tablespace", "customer=" + bad}),
               Catch::StartsWith("--tablespace: '" + bad + "' is not a valid tablespace name"));
  }
  CHECK_THAT(usage_error({"prepare", "--tablespace", "nosuch=ts1"}),
             Catch::StartsWith("--tablespace: unknown table 'nosuch'"));
}

TEST_CASE("options: switches accept =true/=false on the command line", "[config][options]") {
  CHECK(parse({"prepare", "--foreign-keys=true"}).foreign_keys);
  CHECK_FALSE(parse({"prepare", "--foreign-keys=false"}).foreign_keys);
  CHECK(parse({"run", "--keying-think=yes"}).keying_and_thinking);
  CHECK(usage_error({"prepare", "--no-check=perhaps"}) ==
        "--no-check: 'perhaps' is not true or false");
  // A bare switch does not swallow the positional props file that follows.
  TempDir dir;
  const auto props = dir.write("p.props", "warehouses=4\n");
  const Config c = parse({"prepare", "--foreign-keys", props});
  CHECK(c.foreign_keys);
  CHECK(c.warehouses == 4);
}
