// tpcc curve's options (config/settings/curve.cpp, config/finish/curve.cpp):
// a run's configuration with a ladder of rates, percents of the peak or
// rates in --rate's unit; bad values and the run options a step cannot take
// exit 2 naming the flag.
#include <catch2/catch.hpp>

#include <string>

#include "tests/unit/config_test_support.hpp"

using tpcc::Config;
using tpcc::test::parse;
using tpcc::test::usage_error;

namespace {

bool names(const std::string& message, const std::string& flag) {
  return message.find(flag) != std::string::npos;
}

}  // namespace

TEST_CASE("curve: a run's configuration with the ladder's defaults", "[config][curve]") {
  const Config c = parse({"curve", "--workload", "pgbench", "--latency-limit", "20"});
  CHECK(c.verb == tpcc::Verb::Run);
  CHECK(c.curve);
  CHECK(c.curve_from.value == 10);
  CHECK(c.curve_from.percent);
  CHECK(c.curve_to.value == 110);
  CHECK(c.curve_to.percent);
  CHECK(c.curve_steps == 10);
  CHECK(c.curve_latency_limit);
  CHECK(c.latency_limit_ms == 20);
  CHECK_FALSE(parse({"curve"}).curve_latency_limit);
  CHECK_FALSE(parse({"run"}).curve);
}

TEST_CASE("curve: --from and --to as rates, --latency-limit for TPC-C too", "[config][curve]") {
  const Config c =
      parse({"curve", "--from", "600", "--to", "1200", "--steps", "3", "--latency-limit", "50"});
  CHECK(c.curve_from.value == 600);
  CHECK_FALSE(c.curve_from.percent);
  CHECK(c.curve_to.value == 1200);
  CHECK(c.curve_steps == 3);
  CHECK(c.curve_latency_limit);
}

TEST_CASE("curve: bad values exit 2 naming the flag", "[config][curve]") {
  CHECK(names(usage_error({"curve", "--from", "0%"}), "--from"));
  CHECK(names(usage_error({"curve", "--from", "ten"}), "--from"));
  CHECK(names(usage_error({"curve", "--to", "2000%"}), "--to"));
  CHECK(names(usage_error({"curve", "--steps", "0"}), "--steps"));
  CHECK(names(usage_error({"curve", "--steps", "101"}), "--steps"));
  CHECK(names(usage_error({"curve", "--from", "10%", "--to", "600"}), "--from"));
  CHECK(names(usage_error({"curve", "--from", "50%", "--to", "20%"}), "--to"));
  CHECK(names(usage_error({"curve", "--rate", "600"}), "--rate"));
  CHECK(names(usage_error({"curve", "--repeat", "3"}), "--repeat"));
  CHECK(names(usage_error({"curve", "--keying-think"}), "--keying-think"));
  CHECK(names(usage_error({"run", "--from", "10%"}), "--from"));
}
