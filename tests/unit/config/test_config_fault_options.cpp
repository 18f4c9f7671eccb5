// The options for faults: --max-downtime, --stop-grace, the session timeouts
// (--statement-timeout, --lock-timeout) and cleanup --cascade, from flags and
// props keys, with their ranges.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <string>

#include "config/command_line/options.hpp"
#include "config/effective.hpp"
#include "config/errors.hpp"
#include "config/settings/values.hpp"
#include "tests/unit/config_test_support.hpp"
#include "tests/unit/temp_dir.hpp"

using tpcc::Config;
using tpcc::parse_duration_ms;
using tpcc::test::parse;
using tpcc::test::TempDir;
using tpcc::test::usage_error;

TEST_CASE("options: fault options default to 30 s downtime, 5 s grace, the server's timeouts",
          "[config][options][faults]") {
  const Config c = parse({"run"});
  CHECK(c.max_downtime_seconds == 30);
  CHECK(c.stop_grace_seconds == 5);
  CHECK(c.statement_timeout_ms == 0);
  CHECK(c.lock_timeout_ms == 0);
  CHECK_FALSE(parse({"cleanup"}).cascade);
}

TEST_CASE("options: --max-downtime takes whole seconds 1..86400", "[config][options][faults]") {
  CHECK(parse({"run", "--max-downtime", "120"}).max_downtime_seconds == 120);
  CHECK(parse({"quickstart", "--max-downtime", "86400"}).max_downtime_seconds == 86400);
  CHECK(usage_error({"run", "--max-downtime", "0"}) ==
        "--max-downtime: 0 is out of range (1..86400)");
  CHECK(usage_error({"run", "--max-downtime", "86401"}) ==
        "--max-downtime: 86401 is out of range (1..86400)");
  CHECK(usage_error({"run", "--max-downtime", "1.5"}) ==
        "--max-downtime: '1.5' is not a number 1..86400");
}

TEST_CASE("options: --stop-grace takes seconds 0..3600, decimals allowed",
          "[config][options][faults]") {
  CHECK(parse({"run", "--stop-grace", "0"}).stop_grace_seconds == 0);
  CHECK(parse({"run", "--stop-grace", "2.5"}).stop_grace_seconds == 2.5);
  CHECK(parse({"run", "--stop-grace", "3600"}).stop_grace_seconds == 3600);
  CHECK(usage_error({"run", "--stop-grace", "3600.5"}) ==
        "--stop-grace: '3600.5' is not a number 0..3600");
  CHECK(usage_error({"run", "--stop-grace", "-1"}) == "--stop-grace: '-1' is not a number 0..3600");
  CHECK(usage_error({"run", "--stop-grace", "soon"}) ==
        "--stop-grace: 'soon' is not a number 0..3600");
}

TEST_CASE("options: a session timeout is milliseconds or a number with unit ms, s or min",
          "[config][options][faults]") {
  CHECK(parse_duration_ms("500", "--x") == 500);
  CHECK(parse_duration_ms("500ms", "--x") == 500);
  CHECK(parse_duration_ms("30s", "--x") == 30000);
  CHECK(parse_duration_ms("30 s", "--x") == 30000);
  CHECK(parse_duration_ms("2min", "--x") == 120000);
  CHECK(parse_duration_ms("1.5s", "--x") == 1500);
  CHECK(parse_duration_ms("0", "--x") == 0);
  CHECK(parse_duration_ms("0s", "--x") == 0);
  CHECK(parse_duration_ms("2147483647", "--x") == 2147483647);
  CHECK(parse_duration_ms("2147483.647s", "--x") == 2147483647);
  for (const std::string bad : {"", "s", "-1", "-5s", "30sec", "30S", "2h", "1e12", "2147483648",
                                "35792min", "0.4ms", "ms30", "nan", "inf", "0x10"}) {
    INFO("'" << bad << "'");
    CHECK_THROWS_WITH(parse_duration_ms(bad, "--x"),
                      Catch::StartsWith("--x: '" + bad + "' is not a duration 0..2147483647 ms"));
  }
}

TEST_CASE("options: --statement-timeout and --lock-timeout set milliseconds, errors name the flag",
          "[config][options][faults]") {
  const Config c = parse({"run", "--statement-timeout", "30s", "--lock-timeout", "500ms"});
  CHECK(c.statement_timeout_ms == 30000);
  CHECK(c.lock_timeout_ms == 500);
  CHECK(parse({"quickstart", "--lock-timeout", "2min"}).lock_timeout_ms == 120000);
  CHECK_THAT(usage_error({"run", "--statement-timeout", "30x"}),
             Catch::StartsWith("--statement-timeout: '30x' is not a duration"));
  CHECK_THAT(usage_error({"run", "--lock-timeout", "-1"}),
             Catch::StartsWith("--lock-timeout: '-1' is not a duration"));
}

TEST_CASE("options: the fault props keys, BenchmarkSQL-style names included, report file:line",
          "[config][options][faults]") {
  TempDir dir;
  const auto good = dir.write("faults.props",
                              "maxDowntime=60\nstop-grace=0.5\nstatementTimeout=2min\n"
                              "lock-timeout=250\n");
  const Config c = parse({"run", good});
  CHECK(c.max_downtime_seconds == 60);
  CHECK(c.stop_grace_seconds == 0.5);
  CHECK(c.statement_timeout_ms == 120000);
  CHECK(c.lock_timeout_ms == 250);
  const Config dashed = parse({"run", dir.write("d.props",
                                                "max-downtime=7\nstatement-timeout=9\n"
                                                "lockTimeout=1s\n")});
  CHECK(dashed.max_downtime_seconds == 7);
  CHECK(dashed.statement_timeout_ms == 9);
  CHECK(dashed.lock_timeout_ms == 1000);
  // A flag beats the file.
  CHECK(parse({"run", good, "--max-downtime", "5"}).max_downtime_seconds == 5);

  const auto bad = dir.write("bad.props", "terminals=4\nmaxDowntime=0\nlockTimeout=soon\n");
  const std::string error = usage_error({"run", bad});
  CHECK_THAT(error,
             Catch::Contains("2 problems") &&
                 Catch::Contains(bad + ":2: key 'maxDowntime': 0 is out of range (1..86400)") &&
                 Catch::Contains(bad + ":3: key 'lockTimeout': 'soon' is not a duration"));
}

TEST_CASE("options: --cascade is for cleanup only", "[config][options][faults]") {
  CHECK(parse({"cleanup", "--cascade"}).cascade);
  CHECK_FALSE(parse({"cleanup", "--cascade=false"}).cascade);
  TempDir dir;
  CHECK(parse({"cleanup", dir.write("c.props", "conn=dbname=t\ncascade=true\n")}).cascade);
  CHECK_THAT(usage_error({"run", "--cascade"}),
             Catch::StartsWith("option '--cascade' is not for 'tpcc run'; it is an option of "
                               "cleanup"));
  CHECK_THAT(usage_error({"cleanup", "--stop-grace", "1"}),
             Catch::StartsWith("option '--stop-grace' is not for 'tpcc cleanup'"));
}

TEST_CASE("effective config: the fault options are saved in config.json",
          "[config][effective][faults]") {
  Config c = parse({"run", "--max-downtime", "45", "--stop-grace", "1.5", "--statement-timeout",
                    "10s", "--lock-timeout", "250ms"});
  c.cascade = true;
  const auto j = nlohmann::json::parse(tpcc::effective_config_json(c));
  CHECK(j.at("run").at("max_downtime_seconds") == 45);
  CHECK(j.at("run").at("stop_grace_seconds") == 1.5);
  CHECK(j.at("run").at("statement_timeout_ms") == 10000);
  CHECK(j.at("run").at("lock_timeout_ms") == 250);
  CHECK(j.at("cleanup").at("cascade") == true);
}

namespace {

// Help text with line breaks and indents folded into single spaces.
std::string flat_help(tpcc::Verb verb) {
  std::string out;
  for (const char c : tpcc::help_text(verb)) {
    const bool blank = c == ' ' || c == '\n';
    if (!(blank && !out.empty() && out.back() == ' ')) out += blank ? ' ' : c;
  }
  return out;
}

}  // namespace

TEST_CASE("help: the fault options are explained with their props keys and defaults",
          "[config][options][faults]") {
  const std::string run = flat_help(tpcc::Verb::Run);
  for (const char* text :
       {"--max-downtime SEC", "maxDowntime", "--stop-grace SEC", "--statement-timeout DURATION",
        "statementTimeout", "57014", "--lock-timeout DURATION", "lockTimeout", "55P03",
        "Default: 0 (the server's setting)", "Default: 30.", "Default: 5."}) {
    INFO(text);
    CHECK(run.find(text) != std::string::npos);
  }
  CHECK(run.find("--cascade") == std::string::npos);
  const std::string cleanup = flat_help(tpcc::Verb::Cleanup);
  CHECK(cleanup.find("--cascade") != std::string::npos);
  CHECK(cleanup.find("Without it cleanup refuses") != std::string::npos);
  CHECK(cleanup.find("--max-downtime") == std::string::npos);
}
