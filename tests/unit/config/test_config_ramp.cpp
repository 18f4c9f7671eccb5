// --ramp and BenchmarkSQL 6's rampupTerminalMins and rampupSUTMins.
#include <catch2/catch.hpp>

#include <string>

#include "tests/unit/config_test_support.hpp"
#include "tests/unit/temp_dir.hpp"

using tpcc::Config;
using tpcc::test::parse;
using tpcc::test::TempDir;
using tpcc::test::usage_error;

TEST_CASE("options: --ramp extends a shorter warm-up to the ramp", "[config][options][ramp]") {
  const Config longer = parse({"run", "--ramp", "20", "--warmup", "30"});
  CHECK(longer.ramp_seconds == 20);
  CHECK(longer.warmup_seconds == 30);
  CHECK_FALSE(longer.warmup_extended_for_ramp);

  const Config shorter = parse({"run", "--ramp", "20", "--warmup", "5"});
  CHECK(shorter.warmup_seconds == 20);
  CHECK(shorter.warmup_extended_for_ramp);

  const Config none = parse({"run"});
  CHECK(none.ramp_seconds == 0);
  CHECK_FALSE(none.warmup_extended_for_ramp);
}

TEST_CASE("options: props rampupTerminalMins is --ramp in minutes", "[config][options][ramp]") {
  TempDir dir;
  const auto props = dir.write("ramp.props", "rampupMins=3\nrampupTerminalMins=1.5\n");
  const Config c = parse({"run", props});
  CHECK(c.ramp_seconds == 90);
  CHECK(c.warmup_seconds == 180);
  // The SUT ramp up to the terminals' is accepted: it changes nothing here.
  const auto sut = dir.write("sut.props", "rampupTerminalMins=2\nrampupSUTMins=1\n");
  const Config s = parse({"run", sut});
  CHECK(s.ramp_seconds == 120);
  CHECK(s.warmup_seconds == 120);
  CHECK(s.warmup_extended_for_ramp);
}

TEST_CASE("options: props rampupSUTMins longer than the terminals' ramp is refused",
          "[config][options][ramp]") {
  TempDir dir;
  const auto props = dir.write("sut.props", "rampupTerminalMins=1\nrampupSUTMins=2\n");
  const std::string error = usage_error({"run", props});
  CHECK_THAT(error, Catch::StartsWith(props + ":2: key 'rampupSUTMins'") &&
                        Catch::Contains("120 s") && Catch::Contains("60 s"));
  const auto alone = dir.write("alone.props", "rampupSUTMins=1\n");
  CHECK_THAT(usage_error({"run", alone}), Catch::Contains("rampupSUTMins"));
}
