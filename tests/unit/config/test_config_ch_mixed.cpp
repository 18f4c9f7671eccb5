// A mixed run's analytic streams: --ch-streams and --ch-on, their props
// keys, and the refusals naming the flags they need.
#include <catch2/catch.hpp>

#include <string>

#include "config/errors.hpp"
#include "tests/unit/config_test_support.hpp"
#include "tests/unit/temp_dir.hpp"

using tpcc::ChOn;
using tpcc::Config;
using tpcc::test::parse;
using tpcc::test::TempDir;
using tpcc::test::usage_error;

TEST_CASE("ch mixed: --ch-streams and --ch-on, on the primary by default", "[config][ch]") {
  const Config none = parse({"run"});
  CHECK(none.ch_streams == 0);
  CHECK(none.ch_on == ChOn::Primary);
  const Config primary = parse({"run", "--ch-streams", "2"});
  CHECK(primary.ch_streams == 2);
  CHECK(primary.ch_on == ChOn::Primary);
  const Config standby =
      parse({"run", "--ch-streams", "1", "--ch-on", "standby", "--standby-conn", "host=sb"});
  CHECK(standby.ch_on == ChOn::Standby);
  TempDir dir;
  const auto props = dir.write("mixed.props", "chStreams=3\nchOn=standby\nstandbyConn=host=s\n");
  const Config from_props = parse({"run", props});
  CHECK(from_props.ch_streams == 3);
  CHECK(from_props.ch_on == ChOn::Standby);
}

TEST_CASE("ch mixed: --ch-on standby needs a standby, --ch-on needs --ch-streams (exit 2)",
          "[config][ch]") {
  CHECK(usage_error({"run", "--ch-streams", "1", "--ch-on", "standby"}) ==
        "--ch-on: analytic streams on the standbys need a standby connection (--standby-conn, "
        "props standbyConn)");
  CHECK_THAT(usage_error({"run", "--ch-on", "primary"}),
             Catch::Contains("give --ch-streams N (props chStreams) too"));
  CHECK_THAT(usage_error({"run", "--ch-streams", "-1"}), Catch::StartsWith("--ch-streams"));
  CHECK_THAT(usage_error({"run", "--ch-on", "replica", "--ch-streams", "1"}),
             Catch::StartsWith("--ch-on"));
  // TPC-C's run only.
  CHECK_THAT(usage_error({"run", "--workload", "ch", "--ch-streams", "1"}),
             Catch::Contains("--ch-streams"));
}

TEST_CASE("ch mixed: --ch-baseline and props chBaseline, 0 by default", "[config][ch]") {
  CHECK(parse({"run", "--ch-streams", "1"}).ch_baseline_seconds == 0);
  const Config given = parse({"run", "--ch-streams", "1", "--ch-baseline", "20", "--duration", "60",
                              "--report-interval", "10"});
  CHECK(given.ch_baseline_seconds == 20);
  TempDir dir;
  const auto props = dir.write("baseline.props", "chStreams=2\nchBaseline=30\nrunMins=2\n");
  CHECK(parse({"run", props}).ch_baseline_seconds == 30);
}

TEST_CASE(
    "ch mixed: --ch-baseline needs streams, whole interval lines and a mixed part (exit 2, naming "
    "it)",
    "[config][ch]") {
  CHECK(usage_error({"run", "--ch-baseline", "10"}) ==
        "--ch-baseline: TPC-C alone, then with analytic streams: give --ch-streams N (props "
        "chStreams) too");
  CHECK(usage_error({"run", "--ch-streams", "1", "--ch-baseline", "60", "--duration", "60"}) ==
        "--ch-baseline: 60 s leaves no mixed part of the measured interval (--duration 60 s); "
        "give fewer seconds than --duration");
  CHECK(usage_error({"run", "--ch-streams", "1", "--ch-baseline", "15", "--duration", "60",
                     "--report-interval", "10"}) ==
        "--ch-baseline: 15 s is not a whole number of interval lines (--report-interval 10 s): "
        "the figures alone and mixed are the interval lines'");
  CHECK_THAT(usage_error(
                 {"run", "--ch-streams", "1", "--ch-baseline", "10", "--txns-per-terminal", "100"}),
             Catch::StartsWith("--ch-baseline: the split needs a measured interval"));
  CHECK_THAT(usage_error({"run", "--ch-streams", "1", "--ch-baseline", "-1"}),
             Catch::StartsWith("--ch-baseline"));
  TempDir dir;
  const auto props = dir.write("baseline.props", "chBaseline=10\n");
  CHECK_THAT(usage_error({"run", props}), Catch::Contains("key 'chBaseline'"));
  // TPC-C's run only.
  CHECK_THAT(usage_error({"run", "--workload", "ch", "--ch-baseline", "10"}),
             Catch::Contains("--ch-baseline"));
}
