// pgbench's -L on tpcc's engine (--latency-limit): a script that sleeps
// 20 ms makes every transaction late against 10 ms and none against
// 1000 ms, in pgbench's line and in result.json; with a --rate one
// connection cannot keep, the transactions already later than the limit
// when due are skipped, not sent.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/pgbench_support.hpp"

namespace {

using Json = nlohmann::json;

// Runs the sleep script with MORE; the output, and result.json's pgbench part.
Json run_sleeps(const std::string& conninfo, const std::string& name, std::vector<std::string> more,
                std::string& output) {
  std::vector<std::string> args = {"--progress", "0"};
  args.insert(args.end(), more.begin(), more.end());
  return tpcc::test::run_sleep_script(conninfo, "pgbench_latency_limit_" + name, args, &output)
      .at("pgbench");
}

}  // namespace

TEST_CASE("pgbench latency limit: every 20 ms transaction above 10 ms, none above 1000 ms",
          "[pgbench_latency_limit]") {
  const std::string conninfo = tpcc::test::pgbench_database("tpcc_pgb_latency_limit");
  std::string output;
  const Json late = run_sleeps(
      conninfo, "late", {"--terminals", "2", "--txns-per-terminal", "10", "--latency-limit", "10"},
      output);
  INFO(output);
  CHECK(output.find("number of transactions above the 10.0 ms latency limit: 20/20 "
                    "(100.000%)\n") != std::string::npos);
  // Without --rate nothing is skipped, and pgbench says nothing of it.
  CHECK(output.find("skipped") == std::string::npos);
  CHECK(late.at("transactions") == 20);
  CHECK(late.at("late") == 20);
  CHECK(late.at("skipped") == 0);
  CHECK(late.at("latency_limit_ms") == 10);

  const Json in_time = run_sleeps(
      conninfo, "in_time",
      {"--terminals", "2", "--txns-per-terminal", "10", "--latency-limit", "1000"}, output);
  CHECK(output.find("number of transactions above the 1000.0 ms latency limit: 0/20 "
                    "(0.000%)\n") != std::string::npos);
  CHECK(in_time.at("late") == 0);
}

TEST_CASE("pgbench latency limit: a rate one client cannot keep skips the late transactions",
          "[pgbench_latency_limit]") {
  const std::string conninfo = tpcc::test::pgbench_database("tpcc_pgb_latency_skip");
  std::string output;
  // One client at 200 per second (12000 per minute), each transaction 20 ms:
  // at most 50 a second are sent, the rest fall behind their schedule.
  const Json skipping = run_sleeps(conninfo, "skipping",
                                   {"--terminals", "1", "--duration", "3", "--warmup", "0",
                                    "--rate", "12000", "--latency-limit", "5"},
                                   output);
  INFO(output);
  const auto processed = skipping.at("transactions").get<long long>();
  const auto skipped = skipping.at("skipped").get<long long>();
  CHECK(processed > 0);
  CHECK(skipped > processed);
  // Each one sent took its 20 ms: all late.
  CHECK(skipping.at("late") == processed);
  CHECK(output.find("number of transactions skipped: " + std::to_string(skipped) + " (") !=
        std::string::npos);

  // A rate it keeps easily, with a limit above the sleep: nothing skipped.
  const Json keeping = run_sleeps(conninfo, "keeping",
                                  {"--terminals", "1", "--duration", "3", "--warmup", "0", "--rate",
                                   "600", "--latency-limit", "500"},
                                  output);
  CHECK(keeping.at("transactions").get<long long>() > 0);
  CHECK(keeping.at("skipped") == 0);
  CHECK(output.find("number of transactions skipped: 0 (0.000%)\n") != std::string::npos);
}
