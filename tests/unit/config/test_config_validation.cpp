// Validation across the layers: every problem reported at once with its
// source, BenchmarkSQL's terminals-per-warehouse rule, the BenchmarkSQL 6
// keys, and the warnings (duplicates, misspelt keys, comments in values).
#include <catch2/catch.hpp>

#include <string>

#include "config/command_line/options.hpp"
#include "config/command_line/suggest.hpp"
#include "config/errors.hpp"
#include "tests/unit/config_test_support.hpp"
#include "tests/unit/temp_dir.hpp"

using tpcc::Config;
using tpcc::test::Mix;
using tpcc::test::parse;
using tpcc::test::TempDir;
using tpcc::test::usage_error;

// --- every problem at once ----------------------------------------------------------------

TEST_CASE("validation: every problem is reported at once, each with its source",
          "[config][validation]") {
  TempDir dir;
  const auto path = dir.write("bad.props",
                              "warehouses=ten\n"
                              "terminals=-3\n"
                              "conn=jdbc:postgresql://h:99999/db?password=s3cret\n"
                              "newOrderWeight=45\npaymentWeight=43\norderStatusWeight=4\n"
                              "deliveryWeight=4\nstockLevelWeight=5\n"
                              "runMins=5\nrunTxnsPerTerminal=10\n");
  const auto msg = usage_error({"run", path, "--rate=-1", "--isolation", "snapshot"});
  CHECK_THAT(msg, Catch::StartsWith("7 problems in the configuration:\n  "));
  CHECK_THAT(msg, Catch::Contains("\n  " + path +
                                  ":1: key 'warehouses': 'ten' is not a positive "
                                  "integer"));
  CHECK_THAT(msg, Catch::Contains("\n  " + path +
                                  ":2: key 'terminals': -3 is out of range (1..2147483647)"));
  CHECK_THAT(msg, Catch::Contains("\n  " + path + ":3: key 'conn': malformed JDBC URL"));
  CHECK_THAT(msg, Catch::Contains("\n  " + path + ":4: key 'newOrderWeight': the mix weights"));
  CHECK_THAT(msg, Catch::Contains("\n  " + path + ":9: key 'runMins': give either"));
  CHECK_THAT(msg, Catch::Contains("\n  --rate: '-1' is not a non-negative number"));
  CHECK_THAT(msg, Catch::Contains("\n  --isolation: 'snapshot' is not rc, rr or serializable"));
  CHECK_THAT(msg, !Catch::Contains("s3cret"));
}

TEST_CASE("validation: a value overridden by a flag is not a problem", "[config][validation]") {
  TempDir dir;
  // The props value is still checked: the file is wrong whatever the flags say.
  const auto path = dir.write("p.props", "terminals=x\n");
  CHECK(usage_error({"run", path, "--terminals", "4"}) ==
        path + ":1: key 'terminals': 'x' is not a positive integer");
  // Of a key given twice only the last value counts, so an earlier bad one is no error.
  std::string warnings;
  const auto twice = dir.write("twice.props", "terminals=x\nwarehouses=2\nterminals=5\n");
  CHECK(parse({"run", twice}, &warnings).terminals == 5);
  CHECK_THAT(warnings, Catch::Contains(twice + ":1: warning: key 'terminals' is set again on line "
                                               "3; the last value (line 3) is used"));
}

// --- terminals per warehouse --------------------------------------------------------------

TEST_CASE("validation: BenchmarkSQL's rule, at most 10 terminals per warehouse when fixed",
          "[config][validation]") {
  TempDir dir;
  const auto path = dir.write("p.props", "warehouses=2\nterminals=21\n");
  CHECK(usage_error({"run", path}) ==
        path + ":2: key 'terminals': 21 terminals for 2 warehouses (" + path +
            ":1: key 'warehouses') is more than 10 per warehouse; with terminalWarehouseFixed=true "
            "they would share districts (BenchmarkSQL refuses this too). Use at most 20 "
            "terminals, more warehouses, terminalWarehouseFixed=false, or --allow-many-terminals "
            "(props allow-many-terminals=true)");
  CHECK(parse({"run", path, "--terminals", "20"}).terminals == 20);
  CHECK(parse({"run", path, "--allow-many-terminals"}).terminals == 21);
  CHECK(parse({"run", path, "--terminal-warehouse-fixed", "false"}).terminals == 21);
  const auto allowed = dir.write("a.props", "warehouses=2\nterminals=21\nallowManyTerminals=1\n");
  CHECK(parse({"run", allowed}).allow_many_terminals);
  // Without props warehouses, run cannot know W before connecting: no check.
  CHECK(parse({"run", "--terminals", "500"}).terminals == 500);
  // prepare does not run terminals.
  CHECK(parse({"prepare", path}).warehouses == 2);
  // quickstart loads W itself, so the rule applies to its flags.
  CHECK_THAT(usage_error({"quickstart", "--terminals", "11"}),
             Catch::StartsWith("--terminals: 11 terminals for 1 warehouse (--warehouses (default "
                               "1)) is more than 10 per warehouse"));
  CHECK(parse({"quickstart", "--terminals", "40", "--warehouses", "4"}).terminals == 40);
  // A home warehouse range narrows it.
  const auto range = dir.write("r.props",
                               "warehouses=10\nterminals=30\nuseWarehouseFrom=3\n"
                               "useWarehouseTo=4\n");
  CHECK_THAT(usage_error({"run", range}),
             Catch::Contains("30 terminals for home warehouses 3..4 is more than 10") &&
                 Catch::Contains("Use at most 20 terminals"));
}

TEST_CASE("validation: terminalMultiplier sets terminals from the props warehouses",
          "[config][validation]") {
  TempDir dir;
  const auto ok = dir.write("ok.props", "warehouses=30\nterminalMultiplier=0.5\n");
  CHECK(parse({"run", ok}).terminals == 150);
  CHECK(parse({"run", ok, "--terminals", "7"}).terminals == 7);
  const auto tiny = dir.write("tiny.props", "warehouses=1\nterminalMultiplier=0.01\n");
  CHECK(parse({"run", tiny}).terminals == 1);
  const auto no_w = dir.write("no_w.props", "terminalMultiplier=1\n");
  CHECK(usage_error({"run", no_w}) ==
        no_w +
            ":1: key 'terminalMultiplier': terminalMultiplier needs the warehouse count; add "
            "the props key warehouses");
  const auto both = dir.write("both.props", "warehouses=2\nterminals=4\nterminalMultiplier=1\n");
  CHECK(usage_error({"run", both}) ==
        both + ":3: key 'terminalMultiplier': give terminals or terminalMultiplier, not both (" +
            both + ":2: key 'terminals')");
  // More than 10 per warehouse needs the explicit allowance, as with terminals.
  const auto many = dir.write("many.props", "warehouses=2\nterminalMultiplier=2\n");
  CHECK_THAT(usage_error({"run", many}),
             Catch::StartsWith(many + ":2: key 'terminalMultiplier': 40 terminals for 2"));
  CHECK(parse({"run", many, "--allow-many-terminals"}).terminals == 40);
  CHECK_THAT(usage_error({"run", dir.write("z.props", "terminalMultiplier=0\n")}),
             Catch::Contains("'0' is not a positive number"));
}

// --- BenchmarkSQL 6 keys ------------------------------------------------------------------

TEST_CASE("validation: BenchmarkSQL 6 keys map to the same options", "[config][validation]") {
  TempDir dir;
  const auto path = dir.write("v6.props",
                              "warehouses=100\nterminals=1000\nsutThreads=80\n"
                              "useWarehouseFrom=11\nuseWarehouseTo=60\nrampupMins=2\n"
                              "reportIntervalSecs=30\nrollbackPercent=1\n"
                              "keyingTimeMultiplier=0.1\nthinkTimeMultiplier=0.2\n"
                              "paymentWeight=43.1\norderStatusWeight=4.1\nstockLevelWeight=4.1\n"
                              "deliveryWeight=4.1\nrunMins=10\nallowManyTerminals=true\n"
                              "monkeys=8\n");
  std::string warnings;
  const Config c = parse({"run", path}, &warnings);
  CHECK(c.terminals == 1000);
  CHECK(c.connections == 80);
  CHECK(c.warehouse_from == 11);
  CHECK(c.warehouse_to == 60);
  CHECK(c.warmup_seconds == 120);
  CHECK(c.report_interval_seconds == 30);
  CHECK(c.rollback_percent == 1);
  CHECK(c.keying_multiplier == Approx(0.1));
  CHECK(c.think_multiplier == Approx(0.2));
  CHECK(c.keying_and_thinking);  // BenchmarkSQL 6 always paces
  CHECK(c.mix[tpcc::kNewOrder] == Approx(44.6));
  CHECK(c.duration_seconds == 600);
  CHECK_THAT(warnings, Catch::Contains(path + ":17: warning: monkeys: ignored"));
  CHECK_THAT(warnings, !Catch::Contains("unknown key"));
}

TEST_CASE("validation: keying and think multipliers and the pacing switch",
          "[config][validation]") {
  // --think-multiplier alone scales keying too; --keying-multiplier sets it apart.
  const Config both = parse({"run", "--keying-think", "--think-multiplier", "0.5"});
  CHECK(both.think_multiplier == Approx(0.5));
  CHECK(both.keying_multiplier == Approx(0.5));
  CHECK_FALSE(parse({"run", "--think-multiplier", "0.5"}).keying_and_thinking);
  const Config apart = parse({"run", "--think-multiplier", "0.5", "--keying-multiplier", "2"});
  CHECK(apart.keying_multiplier == Approx(2));
  CHECK(apart.think_multiplier == Approx(0.5));
  CHECK(usage_error({"run", "--keying-multiplier", "0"}) ==
        "--keying-multiplier: '0' is not a positive number");

  TempDir dir;
  // BenchmarkSQL 6 with both multipliers 0: no waits, so no pacing.
  const auto zero = dir.write("zero.props", "keyingTimeMultiplier=0\nthinkTimeMultiplier=0\n");
  CHECK_FALSE(parse({"run", zero}).keying_and_thinking);
  // Only the think multiplier: keying keeps BenchmarkSQL's default 1.
  const auto think = dir.write("think.props", "thinkTimeMultiplier=0.1\n");
  const Config t = parse({"run", think});
  CHECK(t.keying_and_thinking);
  CHECK(t.keying_multiplier == Approx(1.0));
  CHECK(t.think_multiplier == Approx(0.1));
  // An explicit switch wins over the implication.
  CHECK_FALSE(parse({"run", think, "--keying-think=false"}).keying_and_thinking);
  CHECK(usage_error({"run", dir.write("neg.props", "keyingTimeMultiplier=-1\n")}) ==
        (dir.path() / "neg.props").string() +
            ":1: key 'keyingTimeMultiplier': '-1' is not a non-negative number");
}

TEST_CASE("validation: 2.4.1.4 rollback percent, 0..100, warned when not 1",
          "[config][validation]") {
  std::string warnings;
  CHECK(parse({"run", "--rollback-percent", "1"}, &warnings).rollback_percent == 1);
  CHECK(warnings.empty());
  CHECK(parse({"run", "--rollback-percent", "0"}, &warnings).rollback_percent == 0);
  CHECK(warnings ==
        "tpcc: --rollback-percent: warning: 0% of New-Orders rolling back is not TPC-C "
        "compliant (clause 2.4.1.4: 1%)\n");
  CHECK(usage_error({"run", "--rollback-percent", "101"}) ==
        "--rollback-percent: 101 is out of range (0..100)");
  TempDir dir;
  const auto path = dir.write("rb.props", "rollbackPercent=5\n");
  CHECK(parse({"run", path}, &warnings).rollback_percent == 5);
  CHECK_THAT(warnings, Catch::StartsWith("tpcc: " + path + ":1: key 'rollbackPercent': warning"));
}

TEST_CASE("validation: the home warehouse range", "[config][validation]") {
  const Config c = parse({"run", "--warehouse-from", "3", "--warehouse-to", "5"});
  CHECK(c.warehouse_from == 3);
  CHECK(c.warehouse_to == 5);
  CHECK(usage_error({"run", "--warehouse-from", "6", "--warehouse-to", "5"}) ==
        "--warehouse-from: warehouse 6 is after the last home warehouse 5 (--warehouse-to)");
  CHECK(usage_error({"run", "--warehouse-from", "-1"}) ==
        "--warehouse-from: -1 is out of range (0..2147483647)");
  TempDir dir;
  // BenchmarkSQL writes -1 for "not set".
  const auto unset = dir.write("unset.props", "useWarehouseFrom=-1\nuseWarehouseTo=-1\n");
  CHECK(parse({"run", unset}).warehouse_from == 0);
  CHECK(parse({"run", unset}).warehouse_to == 0);
  const auto beyond = dir.write("beyond.props", "warehouses=4\nuseWarehouseTo=5\n");
  CHECK(usage_error({"run", beyond}) ==
        beyond + ":2: key 'useWarehouseTo': warehouse 5 is beyond the 4 warehouses (" + beyond +
            ":1: key 'warehouses')");
}

// --- warnings -----------------------------------------------------------------------------

TEST_CASE("validation: a misspelt key gets the nearest known key", "[config][validation]") {
  TempDir dir;
  const auto path = dir.write("p.props",
                              "termnals=4\nTerminals=5\nloadworkers=3\nrunmins=1\n"
                              "standbyTerminal=2\nqwertyuiop=1\nwarehouses=1\n");
  std::string warnings;
  parse({"prepare", path}, &warnings);
  CHECK_THAT(warnings, Catch::Contains(":1: warning: unknown key 'termnals' ignored; did you "
                                       "mean terminals?"));
  CHECK_THAT(warnings, Catch::Contains(":2: warning: unknown key 'Terminals' ignored; did you "
                                       "mean terminals?"));
  CHECK_THAT(warnings, Catch::Contains("'loadworkers' ignored; did you mean loadWorkers?"));
  CHECK_THAT(warnings, Catch::Contains("'runmins' ignored; did you mean runMins?"));
  CHECK_THAT(warnings, Catch::Contains("'standbyTerminal' ignored; did you mean "
                                       "standbyTerminals?"));
  CHECK_THAT(warnings, Catch::Contains(":6: warning: unknown key 'qwertyuiop' ignored\n"));
  // A lost '=' runs the password into the key: the key is not shown whole.
  const auto lost = dir.write("lost.props", "passwordtpcc@123\nwarehouses=1\n");
  parse({"prepare", lost}, &warnings);
  CHECK_THAT(warnings, Catch::Contains("unknown key 'password*****' ignored"));
  CHECK_THAT(warnings, !Catch::Contains("tpcc@123"));
}

TEST_CASE("validation: edit distance and the nearest name", "[config][validation]") {
  CHECK(tpcc::edit_distance("", "") == 0);
  CHECK(tpcc::edit_distance("abc", "") == 3);
  CHECK(tpcc::edit_distance("kitten", "sitting") == 3);
  CHECK(tpcc::edit_distance("Warehouses", "warehouses") == 0);
  CHECK(tpcc::edit_distance("warehuoses", "warehouses") == 2);
  const std::vector<std::string> names = {"terminals", "warehouses", "runMins"};
  CHECK(tpcc::nearest_name("terminal", names) == std::optional<std::string>("terminals"));
  CHECK(tpcc::nearest_name("runMin", names) == std::optional<std::string>("runMins"));
  CHECK_FALSE(tpcc::nearest_name("xyz", names).has_value());
  CHECK_FALSE(tpcc::nearest_name("runs", names).has_value());
}

TEST_CASE("validation: a '#' after a value is part of it, and said so without the value",
          "[config][validation]") {
  TempDir dir;
  const auto path = dir.write("p.props",
                              "user=tpcc #the user\npassword=tpcc@123 #secret words\n"
                              "warehouses=1000 #warehouses\nconn=host=h // db\n");
  std::string warnings;
  const auto msg = usage_error({"prepare", path});
  CHECK(msg == path + ":3: key 'warehouses': '1000 #warehouses' is not a positive integer");
  const auto ok = dir.write("ok.props", "user=tpcc #the user\npassword=tpcc@123 #secret words\n");
  const Config c = parse({"prepare", ok}, &warnings);
  CHECK_THAT(warnings, Catch::Contains(ok + ":1: warning: the value of 'user' contains '#' after "
                                            "a space"));
  CHECK_THAT(warnings, Catch::Contains(ok + ":2: warning: the value of 'password' contains '#'"));
  CHECK_THAT(warnings, !Catch::Contains("tpcc@123") && !Catch::Contains("secret words"));
  CHECK_THAT(c.conninfo, Catch::Contains("user='tpcc #the user'"));
}
