// tpcc capacity on a real server: a paced search over the active warehouses
// of a 2-warehouse load finds its answer and lists each step's run, and the
// failing side, a step that cannot pass (an unreachable efficiency floor,
// a New-Order p90 limit no server meets), says "no step passed" with exit 1.
// pgbench's select-only searches its terminals up to --search-max under a
// p99 limit it keeps, and under one no server keeps passes no step. Over
// the rate (--search-over rate) it finds the highest rate it completes, and
// a rate two terminals cannot complete fails by --efficiency-floor and the
// search bisects below it.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/pgbench_support.hpp"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using tpcc::test::loaded_database;

constexpr const char* kDatabase = "tpcc_capacity";
constexpr int kWarehouses = 2;

Json read_json(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return Json::parse(text.str());
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("capacity: a paced search doubles to the loaded warehouses and lists its steps",
          "[capacity]") {
  const std::string dir = tpcc::test::scratch_dir("paced");
  std::string output;
  // Keying and think times at 1 % of 5.2.5's keep the steps short; the
  // efficiency they give is no measure, so only the rules are judged.
  const int status = tpcc::test::run_tpcc(
      {"capacity", "--conn", loaded_database(kDatabase, kWarehouses), "--think-multiplier", "0.01",
       "--warmup", "1", "--duration", "4", "--report-interval", "2", "--result-dir", dir},
      &output);
  INFO(output);
  REQUIRE(status == 0);
  CHECK(has(output, "== step 1: 1 active warehouse, 10 terminals =="));
  CHECK(has(output, "== step 2: 2 active warehouses, 20 terminals =="));
  CHECK(has(output, "largest passing: 2 warehouses, tpmC "));
  const Json search = read_json(fs::path(dir) / "result.json");
  CHECK(search.at("kind") == "capacity search");
  CHECK(search.at("searched") == "active warehouses");
  REQUIRE(search.at("steps").size() == 2);
  CHECK(search.at("answer").at("active_warehouses") == 2);
  CHECK(fs::exists(fs::path(dir) / "report.html"));
  for (const Json& step : search.at("steps")) {
    CHECK(step.at("verdict") == "pass");
    const fs::path step_dir = fs::path(dir) / step.at("dir").get<std::string>();
    CHECK(fs::exists(step_dir / "report.html"));
    const Json run = read_json(step_dir / "result.json");
    CHECK(run.at("terminals") == step.at("terminals"));
    // What the run says before and after itself.
    CHECK(run.at("preflight").is_array());
    CHECK(has(run.at("bottleneck").at("line").get<std::string>(), "bound by: "));
  }
}

TEST_CASE("capacity: an efficiency floor a short paced step cannot reach passes no step",
          "[capacity]") {
  const std::string dir = tpcc::test::scratch_dir("floor");
  std::string output;
  // At 5.2.5's own times a terminal's first New-Order is keyed for 18 s: a
  // 3 s step completes none, 0 % of the 12.86 tpmC per warehouse.
  const int status = tpcc::test::run_tpcc(
      {"capacity", "--conn", loaded_database(kDatabase, kWarehouses), "--efficiency-floor", "50",
       "--warmup", "0", "--duration", "3", "--report-interval", "1", "--result-dir", dir},
      &output);
  INFO(output);
  CHECK(status == 1);
  CHECK(has(output, "no step passed"));
  const Json search = read_json(fs::path(dir) / "result.json");
  CHECK(search.at("answer").is_null());
  REQUIRE(search.at("steps").size() == 1);
  CHECK(search.at("steps")[0].at("verdict") == "fail");
  // Whole in result.json; the console wraps it in the table's last column.
  CHECK(has(search.at("steps")[0].at("why").dump(), "efficiency 0.0% below the floor 50.0%"));
}

TEST_CASE("capacity: unpaced, a New-Order p90 limit no server meets passes no step", "[capacity]") {
  const std::string dir = tpcc::test::scratch_dir("unpaced");
  std::string output;
  const int status =
      tpcc::test::run_tpcc({"capacity", "--conn", loaded_database(kDatabase, kWarehouses),
                            "--keying-think=off", "--latency-limit", "0.001", "--warmup", "0",
                            "--duration", "2", "--report-interval", "1", "--result-dir", dir},
                           &output);
  INFO(output);
  CHECK(status == 1);
  CHECK(has(output, "== step 1: 1 terminal =="));
  CHECK(has(output, "no step passed"));
  const Json search = read_json(fs::path(dir) / "result.json");
  // The console wraps the reason in the table's last column; result.json
  // keeps it whole.
  REQUIRE(!search.at("steps").empty());
  CHECK(search.at("steps")[0].at("why").dump().find("above --latency-limit 0.001 ms") !=
        std::string::npos);
  CHECK(search.at("searched") == "terminals");
  CHECK(search.at("answer").is_null());
}

namespace {

const std::string& pgbench_db() {
  static const std::string conninfo = tpcc::test::pgbench_database("tpcc_capacity_pgbench");
  return conninfo;
}

int pgbench_capacity(const std::string& dir, const std::string& limit, std::string* output) {
  return tpcc::test::run_tpcc(
      tpcc::test::pgbench_line(
          "capacity", pgbench_db(),
          {"--builtin", "select-only", "--search-max", "4", "--latency-limit", limit, "--warmup",
           "0", "--duration", "2", "--report-interval", "1", "--result-dir", dir}),
      output);
}

}  // namespace

TEST_CASE("capacity: pgbench's terminals up to --search-max under a p99 limit it keeps",
          "[capacity]") {
  const std::string dir = tpcc::test::scratch_dir("pgbench");
  std::string output;
  const int status = pgbench_capacity(dir, "10000", &output);
  INFO(output);
  REQUIRE(status == 0);
  CHECK(has(output,
            "capacity search: pgbench; terminals from 1, doubling, then bisecting, up "
            "to 4"));
  CHECK(has(output, "its latency p99 at most 10000 ms (--latency-limit)"));
  CHECK(has(output, "== step 3: 4 terminals =="));
  CHECK(has(output, "highest passing: 4 terminals, tps "));
  const Json search = read_json(fs::path(dir) / "result.json");
  CHECK(search.at("workload") == "pgbench");
  REQUIRE(search.at("steps").size() == 3);
  for (const Json& step : search.at("steps")) {
    CHECK(step.at("verdict") == "pass");
    CHECK(step.at("throughput_name") == "tps");
    CHECK(step.at("throughput").get<double>() > 0);
    CHECK(step.at("latency_name") == "latency p99 ms");
    const Json run = read_json(fs::path(dir) / step.at("dir").get<std::string>() / "result.json");
    CHECK(run.at("terminals") == step.at("terminals"));
    CHECK(run.at("pgbench").at("latency_ms").at("p99").get<double>() ==
          Approx(step.at("latency_ms").get<double>()).margin(0.001));
  }
  CHECK(search.at("answer").at("terminals") == 4);
  CHECK(fs::exists(fs::path(dir) / "report.html"));
}

TEST_CASE("capacity: pgbench under a p99 limit no server keeps passes no step", "[capacity]") {
  const std::string dir = tpcc::test::scratch_dir("pgbench_tight");
  std::string output;
  const int status = pgbench_capacity(dir, "0.0001", &output);
  INFO(output);
  CHECK(status == 1);
  CHECK(has(output, "no step passed"));
  const Json search = read_json(fs::path(dir) / "result.json");
  REQUIRE(search.at("steps").size() == 1);
  CHECK(search.at("steps")[0].at("verdict") == "fail");
  CHECK(has(search.at("steps")[0].at("why").dump(), "above --latency-limit 0.0001 ms"));
}

namespace {

// pgbench's select-only at two terminals, searched over the rate (per
// minute) from `start` to `most`. pgbench's arrivals are Poisson: a step of
// 5 s at 600/min draws about 50 (standard deviation 7); the default floor
// (85 %) allows for that draw.
int pgbench_rate_capacity(const std::string& dir, const std::string& start, const std::string& most,
                          std::string* output) {
  return tpcc::test::run_tpcc(
      tpcc::test::pgbench_line("capacity", pgbench_db(),
                               {"--builtin",         "select-only", "--terminals",     "2",
                                "--search-over",     "rate",        "--search-start",  start,
                                "--search-max",      most,          "--latency-limit", "10000",
                                "--warmup",          "0",           "--duration",      "5",
                                "--report-interval", "1",           "--result-dir",    dir}),
      output);
}

}  // namespace

TEST_CASE("capacity: over the rate, pgbench's highest rate it completes under the limit",
          "[capacity]") {
  const std::string dir = tpcc::test::scratch_dir("pgbench_rate");
  std::string output;
  // 10, 20 and 40 transactions a second: far below what two terminals do.
  const int status = pgbench_rate_capacity(dir, "600", "2400", &output);
  INFO(output);
  REQUIRE(status == 0);
  CHECK(has(output, "capacity search: pgbench; rate (/min) at 2 terminals from 600, doubling"));
  CHECK(has(output, "at least 85% of the rate completed (--efficiency-floor)"));
  CHECK(has(output, "== step 3: rate 2400/min, 2 terminals =="));
  CHECK(has(output, "highest passing rate: 2400/min at 2 terminals, tps "));
  const Json search = read_json(fs::path(dir) / "result.json");
  CHECK(search.at("searched") == "rate");
  REQUIRE(search.at("steps").size() == 3);
  const double rates[] = {600, 1200, 2400};
  for (std::size_t i = 0; i < 3; ++i) {
    const Json& step = search.at("steps")[i];
    CHECK(step.at("verdict") == "pass");
    CHECK(step.at("rate").at("value").get<double>() == rates[i]);
    CHECK(step.at("rate").at("unit") == "/min");
    // The step ran at that rate, and completed about it (Poisson arrivals:
    // about 50 in the first step, give or take 7).
    const fs::path step_dir = fs::path(dir) / step.at("dir").get<std::string>();
    CHECK(read_json(step_dir / "config.json").at("run").at("rate_tpm").get<double>() == rates[i]);
    CHECK(step.at("throughput").get<double>() * 60 == Approx(rates[i]).epsilon(0.45));
  }
  CHECK(search.at("answer").at("rate").at("value") == 2400);
}

TEST_CASE(
    "capacity: over the rate, a rate the terminals cannot complete fails its step, and the "
    "search bisects down to one they complete",
    "[capacity]") {
  const std::string dir = tpcc::test::scratch_dir("pgbench_rate_high");
  std::string output;
  // Ten million a minute from two terminals: the latency may stay low, but
  // the rate is not carried.
  const int status = pgbench_rate_capacity(dir, "10000000", "10000000", &output);
  INFO(output);
  REQUIRE(status == 0);
  const Json search = read_json(fs::path(dir) / "result.json");
  REQUIRE(search.at("steps").size() > 1);
  const Json& first = search.at("steps")[0];
  CHECK(first.at("verdict") == "fail");
  CHECK(has(first.at("why").dump(), "of the rate 10000000/min (--efficiency-floor)"));
  CHECK(first.at("throughput").get<double>() * 60 < 0.5 * 10000000);
  // The answer is a rate below it that the terminals did complete.
  const Json& answer = search.at("answer");
  const double rate = answer.at("rate").at("value").get<double>();
  CHECK(rate < 10000000);
  CHECK(answer.at("throughput").get<double>() * 60 >= 0.5 * rate);
  CHECK(has(output, "highest passing rate: " + std::to_string(static_cast<long>(rate)) +
                        "/min at 2 terminals"));
}

TEST_CASE(
    "capacity: over the rate without --search-max, beside --rate, or over neither exits 2 "
    "naming the option, and writes nothing",
    "[capacity]") {
  const std::vector<std::pair<std::vector<std::string>, std::string>> refused = {
      {{"--search-over", "rate"}, "--search-over rate needs --search-max"},
      {{"--search-over", "rate", "--search-max", "600", "--rate", "100"},
       "--rate: --search-over rate sets each step's rate itself"},
      {{"--search-over", "warehouses"}, "--search-over"}};
  for (const auto& [args, message] : refused) {
    const std::string dir = tpcc::test::scratch_dir("rate_refused");
    std::vector<std::string> more = args;
    more.insert(more.end(), {"--result-dir", dir});
    std::string output;
    CHECK(tpcc::test::run_tpcc(tpcc::test::pgbench_line("capacity", pgbench_db(), more), &output) ==
          2);
    INFO(output);
    CHECK(has(output, message));
    CHECK_FALSE(fs::exists(dir));
  }
}
