// `tpcc acid` without a database: its command line, its lines and acid.json.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "acid/acid.hpp"
#include "config/command_line/options.hpp"
#include "tests/unit/config_test_support.hpp"

using tpcc::test::parse;
using tpcc::test::usage_error;

namespace {

std::vector<tpcc::AcidResult> two_results(bool second_passes) {
  return {{"3.2.2.1", "atomicity: Payment committed", true, "W_YTD +1.00"},
          {"3.4.2.9", "isolation test 9: phantom", second_passes, "T1 read order 3001"}};
}

}  // namespace

TEST_CASE("acid: the verb takes --conn, --mode, --isolation and --result-dir", "[acid]") {
  const tpcc::Config c = parse({"acid", "--conn", "dbname=x", "--mode", "procedures", "--isolation",
                                "rr", "--result-dir", "out"});
  CHECK(c.verb == tpcc::Verb::Acid);
  CHECK(c.conninfo.find("dbname=x") != std::string::npos);
  CHECK(c.mode == tpcc::Mode::Procedures);
  CHECK(c.isolation == tpcc::Isolation::RepeatableRead);
  CHECK(c.result_dir == "out");
  const std::string help = tpcc::help_text(tpcc::Verb::Acid);
  for (const char* flag : {"--conn", "--mode", "--isolation", "--result-dir"}) {
    INFO(flag);
    CHECK_THAT(help, Catch::Contains(flag));
  }
  CHECK_THAT(tpcc::help_text(std::nullopt), Catch::Contains("acid"));
}

TEST_CASE("acid: run options such as --duration are refused, --terminals without --durability",
          "[acid]") {
  CHECK_THAT(usage_error({"acid", "--duration", "60"}), Catch::Contains("not for 'tpcc acid'"));
  // The durability test's load is the run's terminals and mix (3.5.3).
  CHECK_THAT(usage_error({"acid", "--terminals", "4"}),
             Catch::Contains("tpcc acid uses it only with --durability"));
}

TEST_CASE("acid: one line per test with clause, PASS or FAIL, what was observed", "[acid]") {
  const auto results = two_results(false);
  CHECK(tpcc::format_acid_line(results[0]) ==
        "3.2.2.1  PASS  atomicity: Payment committed: W_YTD +1.00");
  CHECK(tpcc::format_acid_line(results[1]) ==
        "3.4.2.9  FAIL  isolation test 9: phantom: T1 read order 3001");
  CHECK(tpcc::format_acid_summary(results) == "1 of 2 ACID tests pass");
}

TEST_CASE("acid: one failed test fails the whole, as the exit status says", "[acid]") {
  CHECK(tpcc::all_passed(two_results(true)));
  CHECK_FALSE(tpcc::all_passed(two_results(false)));
  CHECK(tpcc::all_passed(std::vector<tpcc::AcidResult>{}));
}

TEST_CASE("acid: acid.json holds the options and every test, never the connection", "[acid]") {
  tpcc::AcidOptions options;
  options.conninfo = "password=secret";
  options.isolation = tpcc::Isolation::Serializable;
  const auto json = nlohmann::json::parse(tpcc::acid_json(options, two_results(false)));
  CHECK(json.at("isolation") == "serializable");
  CHECK(json.at("mode") == "statements");
  CHECK(json.at("passed") == false);
  REQUIRE(json.at("tests").size() == 2);
  CHECK(json.at("tests")[1].at("clause") == "3.4.2.9");
  CHECK(json.at("tests")[1].at("passed") == false);
  CHECK(tpcc::acid_json(options, two_results(true)).find("secret") == std::string::npos);
}
