// pgbench's schedule lag on tpcc's engine (--rate, with and without
// --latency-limit): a script that sleeps 20 ms run by one connection at a
// rate it cannot keep. The progress lines end as pgbench 15's do: under
// --rate with the interval's lag, with --latency-limit also its skipped;
// without --rate with neither. The final block's schedule lag line and
// result.json's schedule_lag_ms under --rate.
#include <catch2/catch.hpp>

#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/pgbench_support.hpp"

namespace {

using Json = nlohmann::json;

// The sleep script's time in each transaction.
constexpr double kSleepMs = 20;
// 200 a second (12000 a minute): four times what one connection can send.
constexpr const char* kUnkeptRateTpm = "12000";

const std::regex kProgressStart(R"(progress: \d+\.\d s, .*)");
const std::regex kLagSkipped(R"(.*, \d+ failed, lag (\d+\.\d{3}) ms, (\d+) skipped)");
const std::regex kLagOnly(R"(.*, \d+ failed, lag (\d+\.\d{3}) ms)");
const std::regex kNeither(R"(.*, \d+ failed)");
const std::regex kFinalLag(R"(rate limit schedule lag: avg (\d+\.\d{3}) \(max (\d+\.\d{3})\) ms)");

struct Run {
  std::string output;
  std::vector<std::string> progress;  // the progress lines
  Json figures;                       // result.json's pgbench part
};

// One connection for 3 s running the sleep script with MORE, a progress
// line a second.
Run run_sleeps(const std::string& conninfo, const std::string& name,
               std::vector<std::string> more) {
  std::vector<std::string> args = {"--terminals", "1", "--duration", "3",
                                   "--warmup",    "0", "--progress", "1"};
  args.insert(args.end(), more.begin(), more.end());
  Run run;
  run.figures =
      tpcc::test::run_sleep_script(conninfo, "pgbench_schedule_lag_" + name, args, &run.output)
          .at("pgbench");
  std::istringstream lines(run.output);
  for (std::string line; std::getline(lines, line);) {
    if (std::regex_match(line, kProgressStart)) run.progress.push_back(line);
  }
  return run;
}

// The final block's "rate limit schedule lag" average and max, in ms; false
// when the block has no such line.
bool final_lag(const std::string& output, double* average, double* max) {
  std::istringstream lines(output);
  std::smatch m;
  for (std::string line; std::getline(lines, line);) {
    if (!std::regex_match(line, m, kFinalLag)) continue;
    *average = std::stod(m[1]);
    *max = std::stod(m[2]);
    return true;
  }
  return false;
}

}  // namespace

TEST_CASE("pgbench schedule lag: under --rate and --latency-limit, the lag and the skipped",
          "[pgbench_schedule_lag]") {
  const std::string conninfo = tpcc::test::pgbench_database("tpcc_pgb_schedule_lag_limit");
  const Run run = run_sleeps(conninfo, "limit", {"--rate", kUnkeptRateTpm, "--latency-limit", "1"});
  INFO(run.output);
  REQUIRE(run.progress.size() >= 2);
  long long skipped_in_lines = 0;
  for (const std::string& line : run.progress) {
    std::smatch m;
    INFO(line);
    REQUIRE(std::regex_match(line, m, kLagSkipped));
    // A transaction more than 1 ms behind is skipped: the ones sent lag less.
    CHECK(std::stod(m[1]) <= 1.0);
    skipped_in_lines += std::stoll(m[2]);
  }
  CHECK(skipped_in_lines > 0);
  CHECK(skipped_in_lines <= run.figures.at("skipped").get<long long>());
  double average = 0;
  double max = 0;
  REQUIRE(final_lag(run.output, &average, &max));
  CHECK(average <= max);
  CHECK(max <= 1.0);
  CHECK(run.figures.at("schedule_lag_ms").at("average").get<double>() == Approx(average));
}

TEST_CASE("pgbench schedule lag: under --rate alone, a lag that grows and no skipped",
          "[pgbench_schedule_lag]") {
  const std::string conninfo = tpcc::test::pgbench_database("tpcc_pgb_schedule_lag_rate");
  const Run run = run_sleeps(conninfo, "rate", {"--rate", kUnkeptRateTpm});
  INFO(run.output);
  REQUIRE(run.progress.size() >= 2);
  std::vector<double> lags;
  for (const std::string& line : run.progress) {
    std::smatch m;
    INFO(line);
    REQUIRE(std::regex_match(line, m, kLagOnly));
    lags.push_back(std::stod(m[1]));
  }
  // Nothing is skipped without a limit: the connection falls further
  // behind its schedule each interval, beyond one transaction's time.
  CHECK(lags.back() > lags.front());
  CHECK(lags.back() > kSleepMs);
  double average = 0;
  double max = 0;
  REQUIRE(final_lag(run.output, &average, &max));
  CHECK(average > kSleepMs);
  CHECK(max > average);
  CHECK(run.figures.at("schedule_lag_ms").at("max").get<double>() == Approx(max));
  CHECK(run.output.find("skipped") == std::string::npos);
}

TEST_CASE("pgbench schedule lag: without --rate, neither in the lines nor the block",
          "[pgbench_schedule_lag]") {
  const std::string conninfo = tpcc::test::pgbench_database("tpcc_pgb_schedule_lag_none");
  const Run run = run_sleeps(conninfo, "none", {"--latency-limit", "1"});
  INFO(run.output);
  REQUIRE(run.progress.size() >= 2);
  for (const std::string& line : run.progress) {
    INFO(line);
    CHECK(std::regex_match(line, kNeither));
  }
  CHECK(run.output.find("schedule lag") == std::string::npos);
  CHECK_FALSE(run.figures.contains("schedule_lag_ms"));
}
