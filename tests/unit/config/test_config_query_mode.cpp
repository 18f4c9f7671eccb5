// --query-mode prepared|extended|simple and props queryMode: how the
// sessions send their statements (db/session.hpp).
#include <catch2/catch.hpp>

#include <string>

#include "config/effective.hpp"
#include "tests/unit/config_test_support.hpp"
#include "tests/unit/temp_dir.hpp"

using tpcc::Config;
using tpcc::QueryMode;
using tpcc::test::parse;
using tpcc::test::TempDir;
using tpcc::test::usage_error;

TEST_CASE("query mode: prepared unless given, and the three words of pgbench's -M",
          "[config][query-mode]") {
  CHECK(parse({"run"}).query_mode == QueryMode::Prepared);
  CHECK(parse({"run", "--query-mode", "prepared"}).query_mode == QueryMode::Prepared);
  CHECK(parse({"run", "--query-mode", "extended"}).query_mode == QueryMode::Extended);
  CHECK(parse({"run", "--query-mode=simple"}).query_mode == QueryMode::Simple);
  CHECK_THAT(usage_error({"run", "--query-mode", "unnamed"}),
             Catch::StartsWith("--query-mode: 'unnamed'"));
}

TEST_CASE("query mode: props queryMode sets it and the flag beats it", "[config][query-mode]") {
  TempDir dir;
  const auto props = dir.write("q.props", "queryMode=extended\n");
  CHECK(parse({"run", props}).query_mode == QueryMode::Extended);
  CHECK(parse({"run", props, "--query-mode", "simple"}).query_mode == QueryMode::Simple);
  const auto bad = dir.write("bad.props", "queryMode=named\n");
  CHECK_THAT(usage_error({"run", bad}), Catch::Contains("queryMode") && Catch::Contains("named"));
}

TEST_CASE("query mode: config.json records it", "[config][query-mode]") {
  const Config c = parse({"run", "--query-mode", "simple"});
  CHECK_THAT(tpcc::effective_config_json(c), Catch::Contains("\"query_mode\": \"simple\""));
}
