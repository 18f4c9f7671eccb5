// The command line for the run: its length (duration or transactions per
// terminal), the transaction mix and profile, connections and standby, from
// flags and from the props file.
#include <catch2/catch.hpp>

#include <string>

#include "config/command_line/options.hpp"
#include "config/errors.hpp"
#include "tests/unit/config_test_support.hpp"
#include "tests/unit/temp_dir.hpp"

using tpcc::Config;
using tpcc::test::Mix;
using tpcc::test::parse;
using tpcc::test::TempDir;
using tpcc::test::usage_error;

// --- mix and profile -------------------------------------------------------------------

TEST_CASE("options: --mix must have five non-negative weights summing to 100",
          "[config][options]") {
  CHECK(parse({"run", "--mix", "45,43,4,4,4"}).mix == Mix{45, 43, 4, 4, 4});
  CHECK(parse({"run", "--mix", "44.5, 43.5, 4, 4, 4"}).mix == Mix{44.5, 43.5, 4, 4, 4});
  CHECK(usage_error({"run", "--mix", "45,43,4,4,3"}) ==
        "--mix: the weights '45,43,4,4,3' sum to 99, not 100");
  CHECK_THAT(usage_error({"run", "--mix", "50,50,4,-4,0"}),
             Catch::StartsWith("--mix: '-4' is not a non-negative number"));
  CHECK_THAT(usage_error({"run", "--mix", "50,50"}),
             Catch::StartsWith("--mix: '50,50' is not five weights"));
}

TEST_CASE("options: --profile ro defaults the mix to Order-Status and Stock-Level",
          "[config][options]") {
  const Config ro = parse({"run", "--profile", "ro"});
  CHECK(ro.profile == tpcc::Profile::ReadOnly);
  CHECK(ro.mix == Mix{0, 0, 50, 0, 50});
  CHECK(parse({"run", "--profile", "ro", "--mix", "0,0,20,0,80"}).mix == Mix{0, 0, 20, 0, 80});
  CHECK_THAT(usage_error({"run", "--profile", "ro", "--mix", "45,43,4,4,4"}),
             Catch::StartsWith("--profile: profile ro") && Catch::Contains("--mix"));
  CHECK(parse({"run", "--profile", "rw"}).mix == Mix{45, 43, 4, 4, 4});

  // --profile ro beats the (read-write) weights of a props file; a props
  // profile=ro does not, and the weights must then be read-only.
  TempDir dir;
  const auto rw_weights = dir.write("rw.props",
                                    "newOrderWeight=45\npaymentWeight=43\n"
                                    "orderStatusWeight=4\ndeliveryWeight=4\n"
                                    "stockLevelWeight=4\n");
  CHECK(parse({"run", rw_weights, "--profile", "ro"}).mix == Mix{0, 0, 50, 0, 50});
  const auto ro_props = dir.write("ro.props", "profile=ro\nmix=45,43,4,4,4\n");
  CHECK_THAT(usage_error({"run", ro_props}),
             Catch::StartsWith(ro_props + ":1: key 'profile': profile ro") &&
                 Catch::Contains(ro_props + ":2: key 'mix'"));
  const auto ro_ok = dir.write("ro_ok.props", "profile=ro\nmix=0,0,10,0,90\n");
  CHECK(parse({"run", ro_ok}).mix == Mix{0, 0, 10, 0, 90});
}

// --- run length, connections, standby --------------------------------------------------

TEST_CASE("options: a run needs a duration or a transaction count, not both", "[config][options]") {
  CHECK_THAT(usage_error({"run", "--duration", "0"}),
             Catch::StartsWith("--duration: the run needs"));
  CHECK(parse({"run", "--duration", "0", "--txns-per-terminal", "5"}).txns_per_terminal == 5);
  CHECK_THAT(usage_error({"run", "--duration", "60", "--txns-per-terminal", "5"}),
             Catch::StartsWith("--duration: give either"));
  // Prepare does not care about the run length.
  TempDir dir;
  CHECK_NOTHROW(
      parse({"prepare", "--props", dir.write("p.props", "runMins=0\nrunTxnsPerTerminal=0\n")}));
}

TEST_CASE("options: connections cannot exceed terminals, procedures mode is accepted",
          "[config][options]") {
  CHECK_THAT(usage_error({"run", "--terminals", "4", "--connections", "8"}),
             Catch::StartsWith("--connections: 8 connections is more than the 4 terminals"));
  CHECK(parse({"run"}).standbys.empty());
  CHECK(parse({"run"}).mode == tpcc::Mode::Statements);
  CHECK(parse({"run", "--mode", "procedures"}).mode == tpcc::Mode::Procedures);
  CHECK(parse({"run", "--mode", "statements"}).mode == tpcc::Mode::Statements);
  TempDir dir;
  const auto v5 = dir.write("v5.props", "useStoredProcedures=true\n");
  CHECK(parse({"run", v5}).mode == tpcc::Mode::Procedures);
  CHECK(parse({"run", v5, "--mode", "statements"}).mode == tpcc::Mode::Statements);
  const auto v5_off = dir.write("v5off.props", "useStoredProcedures=false\n");
  CHECK(parse({"run", v5_off}).mode == tpcc::Mode::Statements);
  const auto v6 = dir.write("v6.props", "application=PostgreSQLStoredProc\n");
  CHECK(parse({"run", v6}).mode == tpcc::Mode::Procedures);
  const auto oracle = dir.write("oracle.props", "application=OracleStoredProc\n");
  CHECK(usage_error({"run", oracle}) ==
        oracle +
            ":1: key 'application': 'OracleStoredProc' is not Generic or "
            "PostgreSQLStoredProc");
  const auto bad = dir.write("bad.props", "useStoredProcedures=sometimes\n");
  CHECK(usage_error({"run", bad}) ==
        bad + ":1: key 'useStoredProcedures': 'sometimes' is not true or false");
}

// --- mix and run length from the props file ---------------------------------------------

TEST_CASE("options: props mix weights must sum to 100", "[config][options]") {
  TempDir dir;
  const auto bad = dir.write("bad.props",
                             "terminals=1\nnewOrderWeight=45\npaymentWeight=43\n"
                             "orderStatusWeight=4\ndeliveryWeight=4\nstockLevelWeight=3\n");
  const auto msg = usage_error({"run", bad});
  CHECK_THAT(msg, Catch::StartsWith(bad + ":2: key 'newOrderWeight'"));
  CHECK_THAT(msg, Catch::Contains("stockLevelWeight") && Catch::Contains("sum to 99, not 100"));
  // The command-line mix replaces the props weights.
  CHECK(parse({"run", bad, "--mix", "45,43,4,4,4"}).mix == Mix{45, 43, 4, 4, 4});

  const auto negative = dir.write("neg.props", "paymentWeight=-1\n");
  CHECK(usage_error({"run", negative}) ==
        negative + ":1: key 'paymentWeight': '-1' is not a non-negative number");

  // BenchmarkSQL 6 leaves newOrderWeight out: New-Order takes the rest.
  const auto v6 = dir.write("v6.props",
                            "paymentWeight=43.1\norderStatusWeight=4.1\n"
                            "deliveryWeight=4.1\nstockLevelWeight=4.1\n");
  const auto mix = parse({"run", v6}).mix;
  CHECK(mix[tpcc::kNewOrder] == Approx(44.6));
  CHECK(mix[tpcc::kPayment] == Approx(43.1));
  const auto over = dir.write("over.props", "paymentWeight=90\norderStatusWeight=20\n");
  CHECK_THAT(usage_error({"run", over}), Catch::StartsWith(over + ":1: key 'paymentWeight'"));
}

TEST_CASE("options: props runMins, runTxnsPerTerminal and their flags", "[config][options]") {
  TempDir dir;
  const auto mins = dir.write("mins.props", "runMins=2.5\nrampupMins=1\n");
  const Config m = parse({"run", mins});
  CHECK(m.duration_seconds == 150);
  CHECK(m.warmup_seconds == 60);
  CHECK(m.txns_per_terminal == 0);

  const auto txns = dir.write("txns.props", "runTxnsPerTerminal=10\nrunMins=0\n");
  CHECK(parse({"run", txns}).txns_per_terminal == 10);
  // A duration on the command line switches a props transaction count off.
  const Config d = parse({"run", txns, "--duration", "30"});
  CHECK(d.duration_seconds == 30);
  CHECK(d.txns_per_terminal == 0);
  // A transaction count on the command line wins over a props duration.
  CHECK(parse({"run", mins, "--txns-per-terminal", "3"}).txns_per_terminal == 3);

  const auto both = dir.write("both.props", "runTxnsPerTerminal=10\nrunMins=5\n");
  CHECK_THAT(usage_error({"run", both}),
             Catch::StartsWith(both + ":2: key 'runMins': give either") &&
                 Catch::Contains(both + ":1: key 'runTxnsPerTerminal'"));
  const auto none = dir.write("none.props", "runTxnsPerTerminal=0\nrunMins=0\n");
  CHECK_THAT(usage_error({"run", none}),
             Catch::StartsWith(none + ":2: key 'runMins': the run needs"));
}
