// tpcc run --repeat and report --compare of repeated sets on real runs: the
// set's confidence interval holds every run's tpmC, a set compared with the
// same runs is within noise, and a set against a deliberately slowed server
// is not.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/pg/pg_fixture.hpp"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using tpcc::test::loaded_database;

constexpr const char* kDatabase = "tpcc_repeat";
constexpr int kWarehouses = 1;

Json read_json(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return Json::parse(text.str());
}

// Three short runs of two terminals into a fresh set directory `name`,
// capped at 3000 transactions a minute: far below what the machine does, so
// that a busy machine moves the figures less than the slowed server does.
std::string repeated_set(const std::string& name) {
  const std::string dir = tpcc::test::scratch_dir(name);
  std::string output;
  const int status =
      tpcc::test::run_tpcc({"run", "--conn", loaded_database(kDatabase, kWarehouses), "--terminals",
                            "2", "--warmup", "1", "--duration", "4", "--report-interval", "2",
                            "--rate", "3000", "--repeat", "3", "--result-dir", dir},
                           &output);
  INFO(output);
  REQUIRE(status == 0);
  CHECK(output.find("== run 3 of 3 ==") != std::string::npos);
  CHECK(output.find("3 repeated runs:") != std::string::npos);
  CHECK(output.find("95 % CI of the mean") != std::string::npos);
  return dir;
}

const std::string& first_set() {
  static const std::string dir = repeated_set("set-a");
  return dir;
}

}  // namespace

TEST_CASE("repeat: --repeat 3 writes three runs and a 95 % interval holding each run's tpmC",
          "[repeat]") {
  const fs::path dir = first_set();
  const Json set = read_json(dir / "result.json");
  REQUIRE(set.at("kind") == "repeated runs");
  REQUIRE(set.at("runs").size() == 3);
  const Json& tpmc = set.at("figures")[0];
  REQUIRE(tpmc.at("name") == "tpmC");
  const double low = tpmc.at("ci95")[0].get<double>();
  const double high = tpmc.at("ci95")[1].get<double>();
  for (const Json& run : set.at("runs")) {
    const fs::path run_dir = dir / run.at("dir").get<std::string>();
    CHECK(fs::exists(run_dir / "report.html"));
    const double run_tpmc = read_json(run_dir / "result.json").at("tpmC").get<double>();
    CHECK(low <= run_tpmc);
    CHECK(run_tpmc <= high);
  }
  CHECK(fs::exists(dir / "report.html"));
  CHECK(fs::exists(dir / "config.json"));
}

TEST_CASE("repeat: report --compare of a set with the same runs says within noise", "[repeat]") {
  const std::string copy = tpcc::test::scratch_dir("set-a-copy");
  fs::copy(first_set(), copy, fs::copy_options::recursive);
  std::string output;
  const std::string page = tpcc::test::scratch_dir("same") + ".html";
  REQUIRE(tpcc::test::run_tpcc({"report", "--compare", first_set(), copy, "--out", page},
                               &output) == 0);
  INFO(output);
  CHECK(output.find("within noise") != std::string::npos);
  CHECK(output.find("beyond noise") == std::string::npos);
  CHECK(fs::exists(page));
}

TEST_CASE("repeat: a set against a server slowed by a sleeping trigger is beyond noise",
          "[repeat]") {
  const std::string conn = loaded_database(kDatabase, kWarehouses);
  const std::string fast = first_set();
  // Every New-Order waits half a second more at its insert into NEW_ORDER:
  // two terminals then commit about 2 New-Orders a second, a third of the cap's.
  tpcc::test::execute(conn,
                      "create function tpcc_test_sleep() returns trigger language plpgsql as "
                      "$$ begin perform pg_sleep(0.5); return new; end $$; "
                      "create trigger tpcc_test_sleep before insert on bmsql_new_order "
                      "for each row execute function tpcc_test_sleep()");
  const std::string slow = repeated_set("set-slow");
  tpcc::test::execute(conn,
                      "drop trigger tpcc_test_sleep on bmsql_new_order; "
                      "drop function tpcc_test_sleep()");
  std::string output;
  REQUIRE(tpcc::test::run_tpcc({"report", "--compare", fast, slow, "--out",
                                tpcc::test::scratch_dir("slow") + ".html"},
                               &output) == 0);
  INFO(output);
  std::istringstream lines(output);
  std::string line;
  bool judged = false;
  while (std::getline(lines, line)) {
    if (line.rfind("  tpmC ", 0) != 0) continue;
    judged = true;
    CHECK(line.find("beyond noise") != std::string::npos);
  }
  CHECK(judged);
}
