// --spec: everything the run rules require (report/rules/run_rules.hpp), each
// setting only where the user gave nothing explicitly.
#include <catch2/catch.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include "config/command_line/options.hpp"
#include "config/effective.hpp"
#include "tests/unit/config_test_support.hpp"
#include "tests/unit/temp_dir.hpp"

using tpcc::Config;
using tpcc::test::parse;
using tpcc::test::TempDir;

TEST_CASE("option --spec sets keying and think times, deferred Delivery, warm-up and 120 minutes",
          "[config][spec]") {
  const Config plain = parse({"run"});
  CHECK_FALSE(plain.spec);
  CHECK_FALSE(plain.keying_and_thinking);

  const Config c = parse({"run", "--spec"});
  CHECK(c.spec);
  CHECK(c.keying_and_thinking);  // 5.2.5
  CHECK(c.think_multiplier == 1.0);
  CHECK(c.keying_multiplier == 1.0);
  CHECK(c.terminal_warehouse_fixed);                       // 2.4.1.1
  CHECK(c.delivery_mode == tpcc::DeliveryMode::Deferred);  // 2.7.2
  CHECK(c.warmup_seconds == 60);                           // 5.5
  CHECK(c.duration_seconds == 7200);                       // 5.5: 120 minutes
  // 4.2.2: no warehouse count before connecting; the run reads it.
  CHECK(c.terminals_from_load);

  const auto j = nlohmann::json::parse(tpcc::effective_config_json(c));
  CHECK(j.at("run").at("spec") == true);
  CHECK(j.at("run").at("terminals_from_load") == true);
}

TEST_CASE("option --spec 4.2.2 terminals are 10 per warehouse when props give the warehouses",
          "[config][spec]") {
  TempDir dir;
  const auto props = dir.write("w3.props", "warehouses=3\n");
  const Config c = parse({"run", props, "--spec"});
  CHECK(c.terminals == 30);
  CHECK_FALSE(c.terminals_from_load);
  // Home warehouses 2..3 of a shared database: 20.
  CHECK(parse({"run", props, "--spec", "--warehouse-from", "2"}).terminals == 20);
  // quickstart loads the warehouses itself.
  CHECK(parse({"quickstart", "--spec", "--warehouses", "2"}).terminals == 20);
}

TEST_CASE("option --spec explicit options win, a shorter duration included", "[config][spec]") {
  const Config c = parse({"run", "--spec", "--duration", "20", "--warmup", "0", "--terminals", "4",
                          "--keying-think=false", "--terminal-warehouse-fixed", "false"});
  CHECK(c.duration_seconds == 20);
  CHECK(c.warmup_seconds == 0);
  CHECK(c.terminals == 4);
  CHECK_FALSE(c.terminals_from_load);
  CHECK_FALSE(c.keying_and_thinking);
  CHECK_FALSE(c.terminal_warehouse_fixed);

  // A transaction count per terminal is a run length too.
  const Config txns = parse({"run", "--spec", "--txns-per-terminal", "100"});
  CHECK(txns.txns_per_terminal == 100);

  // Scaled think times stay scaled (and the verdict then fails 5.2.5).
  const Config scaled = parse({"run", "--spec", "--think-multiplier", "0.5"});
  CHECK(scaled.keying_and_thinking);
  CHECK(scaled.think_multiplier == 0.5);

  // Props keys are explicit too: rampupMins, runMins, terminals.
  TempDir dir;
  const auto props = dir.write("spec.props", "spec=true\nrampupMins=2\nrunMins=5\nterminals=7\n");
  const Config from_props = parse({"run", props});
  CHECK(from_props.spec);
  CHECK(from_props.warmup_seconds == 120);
  CHECK(from_props.duration_seconds == 300);
  CHECK(from_props.terminals == 7);
}

TEST_CASE("5.5 quickstart warms up 30 s unless a warm-up is given", "[config][spec]") {
  CHECK(parse({"quickstart"}).warmup_seconds == 30);
  CHECK(parse({"quickstart", "--warmup", "0"}).warmup_seconds == 0);
  CHECK(parse({"quickstart", "--warmup", "5"}).warmup_seconds == 5);
  CHECK(parse({"run"}).warmup_seconds == 0);  // a run warms up only when asked
}

TEST_CASE("5.2.3 option --spec deals 5.2.4.2's 23-card deck unless a mix is given",
          "[config][spec]") {
  const Config c = parse({"run", "--spec"});
  CHECK(c.mix[tpcc::kNewOrder] == Approx(1000.0 / 23));
  CHECK(c.mix[tpcc::kPayment] == Approx(43.478).epsilon(1e-4));
  CHECK(c.mix[tpcc::kDelivery] == Approx(100.0 / 23));
  const Config given = parse({"run", "--spec", "--mix", "45,43,4,4,4"});
  CHECK(given.mix[tpcc::kPayment] == 43);
  CHECK(parse({"run"}).mix[tpcc::kPayment] == 43);  // without --spec, the default weights
}
