// A pgbench client running scripts step by step: the PolarDB read-only and
// read-write scripts and the builtins with their variables, \if branches,
// \sleep, the statements' parameters, and the errors of a running script.
#include <catch2/catch.hpp>

#include <string>

#include "db/literal_sql.hpp"
#include "spec/random.hpp"
#include "workloads/pgbench/script_options.hpp"
#include "workloads/pgbench/script_parse.hpp"
#include "workloads/pgbench/script_run.hpp"

namespace {

using tpcc::pgbench::Step;

const char* const kReadOnly =
    "\\set aid random_gaussian(1, :range, 10.0)\n"
    "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n";

const char* const kReadWrite =
    "\\set aid random_gaussian(1, :range, 10.0)\n"
    "\\set bid random(1, 1 * :scale)\n"
    "\\set tid random(1, 10 * :scale)\n"
    "\\set delta random(-5000, 5000)\n"
    "BEGIN;\n"
    "UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;\n"
    "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n"
    "UPDATE pgbench_tellers SET tbalance = tbalance + :delta WHERE tid = :tid;\n"
    "UPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = :bid;\n"
    "INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, :delta, "
    "CURRENT_TIMESTAMP);\n"
    "END;\n";

// -D scale=10 -D range=1000, client 3.
tpcc::pgbench::Variables polardb_variables() {
  tpcc::pgbench::ClientSetup setup;
  setup.defines = {tpcc::pgbench::parse_define("scale=10"),
                   tpcc::pgbench::parse_define("range=1000")};
  setup.client_id = 3;
  setup.random_seed = 5;
  setup.default_seed = 77;
  return tpcc::pgbench::client_variables(setup);
}

std::int64_t number(const std::string& text) { return std::stoll(text); }

std::string run_error(const std::string& script_text, tpcc::pgbench::Variables vars) {
  const auto script = tpcc::pgbench::parse_script(script_text, "e.sql");
  tpcc::Random rng(1);
  tpcc::pgbench::ScriptRun run(script, vars, rng);
  try {
    while (run.next().kind != Step::Kind::End) {
    }
  } catch (const tpcc::pgbench::ScriptRunError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("pgbench run: the PolarDB read-only script with -D scale=10 -D range=1000", "[pgbench]") {
  const auto script = tpcc::pgbench::parse_script(kReadOnly, "ro.sql");
  auto vars = polardb_variables();
  tpcc::Random rng(11);
  tpcc::pgbench::ScriptRun run(script, vars, rng);
  for (int i = 0; i < 2000; ++i) {
    run.restart();
    const Step s = run.next();
    REQUIRE(s.kind == Step::Kind::Sql);
    CHECK(s.command->sql == "SELECT abalance FROM pgbench_accounts WHERE aid = $1;");
    REQUIRE(s.values.size() == 1);
    const auto aid = number(s.values[0]);
    CHECK(aid >= 1);
    CHECK(aid <= 1000);
    CHECK(s.nulls == std::vector<bool>{false});
    CHECK(run.next().kind == Step::Kind::End);
  }
}

TEST_CASE("pgbench run: the PolarDB read-write script gives six statements with values in range",
          "[pgbench]") {
  const auto script = tpcc::pgbench::parse_script(kReadWrite, "rw.sql");
  auto vars = polardb_variables();
  tpcc::Random rng(12);
  tpcc::pgbench::ScriptRun run(script, vars, rng);
  for (int i = 0; i < 500; ++i) {
    run.restart();
    std::vector<Step> steps;
    for (Step s = run.next(); s.kind != Step::Kind::End; s = run.next()) steps.push_back(s);
    REQUIRE(steps.size() == 7);
    CHECK(steps[0].command->sql == "BEGIN;");
    CHECK(steps[0].values.empty());
    CHECK(steps[6].command->sql == "END;");
    const Step& insert = steps[5];
    REQUIRE(insert.values.size() == 4);
    const auto tid = number(insert.values[0]);
    const auto bid = number(insert.values[1]);
    const auto aid = number(insert.values[2]);
    const auto delta = number(insert.values[3]);
    CHECK((tid >= 1 && tid <= 100));
    CHECK((bid >= 1 && bid <= 10));
    CHECK((aid >= 1 && aid <= 1000));
    CHECK((delta >= -5000 && delta <= 5000));
    // The same variables in every statement of one run.
    CHECK(steps[1].values == std::vector<std::string>{insert.values[3], insert.values[2]});
    CHECK(steps[2].values == std::vector<std::string>{insert.values[2]});
  }
  CHECK(vars.text("client_id") == "3");
  CHECK(vars.text("scale") == "10");  // the -D text
  CHECK(vars.text("default_seed") == "77");
  CHECK(vars.text("random_seed") == "5");
}

TEST_CASE("pgbench run: the builtins run with :scale", "[pgbench]") {
  tpcc::pgbench::ClientSetup setup;
  setup.scale = 2;
  auto vars = tpcc::pgbench::client_variables(setup);
  tpcc::Random rng(3);
  for (const auto& b : tpcc::pgbench::builtin_scripts()) {
    INFO(b.name);
    const auto script = tpcc::pgbench::builtin_script(b.name);
    tpcc::pgbench::ScriptRun run(script, vars, rng);
    int statements = 0;
    for (Step s = run.next(); s.kind != Step::Kind::End; s = run.next()) {
      REQUIRE(s.kind == Step::Kind::Sql);
      ++statements;
    }
    CHECK(statements == (std::string(b.name) == "tpcb-like"       ? 7
                         : std::string(b.name) == "simple-update" ? 5
                                                                  : 1));
    const auto aid = number(vars.text("aid"));
    CHECK((aid >= 1 && aid <= 200000));
  }
}

TEST_CASE("pgbench run: if, elif and else choose the commands that run", "[pgbench]") {
  const auto script = tpcc::pgbench::parse_script(
      "\\if :x = 1\n"
      "SELECT 'one';\n"
      "\\elif :x = 2\n"
      "  \\if :y\n"
      "SELECT 'two-y';\n"
      "  \\else\n"
      "SELECT 'two-not-y';\n"
      "  \\endif\n"
      "\\elif :x / 0 = 1\n"  // never evaluated when an earlier branch ran
      "SELECT 'never';\n"
      "\\else\n"
      "SELECT 'other';\n"
      "\\endif\n"
      "SELECT 'after';\n",
      "if.sql");
  tpcc::Random rng(1);
  auto texts = [&](std::int64_t x, bool y) {
    tpcc::pgbench::Variables vars;
    vars.set("x", tpcc::pgbench::Value::of_int(x));
    vars.set("y", tpcc::pgbench::Value::of_bool(y));
    tpcc::pgbench::ScriptRun run(script, vars, rng);
    std::string out;
    for (Step s = run.next(); s.kind != Step::Kind::End; s = run.next()) out += s.command->sql;
    return out;
  };
  CHECK(texts(1, false) == "SELECT 'one';SELECT 'after';");
  CHECK(texts(2, true) == "SELECT 'two-y';SELECT 'after';");
  CHECK(texts(2, false) == "SELECT 'two-not-y';SELECT 'after';");
  CHECK_THROWS_WITH(texts(3, false), "if.sql:9: division by zero");
}

TEST_CASE("pgbench run: sleep yields its duration to the caller", "[pgbench]") {
  const auto script = tpcc::pgbench::parse_script(
      "\\sleep 2\n\\sleep 10 ms\n\\sleep 7us\n\\set t 3\n\\sleep :t ms\n\\sleep -4\n", "s.sql");
  tpcc::pgbench::Variables vars;
  tpcc::Random rng(1);
  tpcc::pgbench::ScriptRun run(script, vars, rng);
  std::vector<std::int64_t> sleeps;
  for (Step s = run.next(); s.kind != Step::Kind::End; s = run.next()) {
    REQUIRE(s.kind == Step::Kind::Sleep);
    sleeps.push_back(s.sleep_us);
  }
  CHECK(sleeps == std::vector<std::int64_t>{2000000, 10000, 7, 3000, 0});
}

TEST_CASE("pgbench run: an undefined variable stops the script naming it, the file and the line",
          "[pgbench]") {
  tpcc::pgbench::Variables none;
  CHECK(run_error("SELECT 1;\nSELECT :aid;\n", none) == "e.sql:2: undefined variable \"aid\"");
  CHECK(run_error("\\set x :nope + 1\n", none) == "e.sql:1: undefined variable \"nope\"");
  CHECK(run_error("\\sleep :nope ms\n", none) == "e.sql:1: undefined variable \"nope\"");
  tpcc::pgbench::Variables bad;
  bad.set_text("v", "abc");
  CHECK(run_error("\\set x :v + 1\n", bad) == "e.sql:1: malformed variable \"v\" value: \"abc\"");
  CHECK(run_error("\\set x random_gaussian(1, 10, 1.5)\n", none) ==
        "e.sql:1: gaussian parameter must be at least 2.000000 (not 1.500000)");
}

TEST_CASE("pgbench run: values as text, nulls, and the simple protocol's literals", "[pgbench]") {
  const auto script = tpcc::pgbench::parse_script(
      "\\set d 0.1 + 0.2\n\\set n NULL\n\\set b 1 < 2\n"
      "SELECT :d, :n, :b, :s, ':d';\n",
      "v.sql");
  tpcc::pgbench::Variables vars;
  vars.set_text("s", "it's");
  tpcc::Random rng(1);
  tpcc::pgbench::ScriptRun run(script, vars, rng);
  const Step s = run.next();
  REQUIRE(s.kind == Step::Kind::Sql);
  // pgbench 15 prints doubles with 15 significant digits: 0.3.
  CHECK(s.values == std::vector<std::string>{"0.3", "NULL", "true", "it's"});
  CHECK(s.nulls == std::vector<bool>{false, true, false, false});
  // The statement's $N are where the variables were; ':d' in a literal stays.
  const auto bracketed = [](const std::string& v) { return "[" + v + "]"; };
  CHECK(tpcc::with_literals(s.command->sql, s.values, s.nulls, bracketed) ==
        "SELECT [0.3], NULL, [true], [it's], ':d';");
}
