// pgbench's scripts past TPC-C's five: twenty script files run in one run,
// each a transaction type of its own, every one in result.json and in the
// final block; pgbench 15's limit of 128 scripts (builtins and files
// counted together) holds, and a 129th is refused with exit 2 naming its
// option before anything is touched.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/pgbench_support.hpp"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using tpcc::test::pgbench_line;
using tpcc::test::run_tpcc;
using tpcc::test::write_script;

std::string slurp(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// `count` script files, script k reading account k: each one its own file.
std::vector<std::string> script_files(int count) {
  std::vector<std::string> paths;
  for (int k = 1; k <= count; ++k) {
    paths.push_back(write_script(
        "many_" + std::to_string(k) + ".sql",
        "SELECT abalance FROM pgbench_accounts WHERE aid = " + std::to_string(k) + ";\n"));
  }
  return paths;
}

std::vector<std::string> file_options(const std::vector<std::string>& paths) {
  std::vector<std::string> options;
  for (const std::string& path : paths) {
    options.push_back("--file");
    options.push_back(path);
  }
  return options;
}

}  // namespace

TEST_CASE("pgbench run: twenty script files, each in result.json and in the final block",
          "[pgbench_many_scripts]") {
  const std::string conninfo = tpcc::test::pgbench_database("tpcc_pgb_many");
  const std::vector<std::string> paths = script_files(20);
  const std::string dir = tpcc::test::scratch_dir("pgbench_many_scripts");
  std::vector<std::string> more = file_options(paths);
  for (const char* option : {"--terminals", "2", "--duration", "3", "--warmup", "0",
                             "--report-interval", "1", "--result-dir"}) {
    more.emplace_back(option);
  }
  more.push_back(dir);
  std::string output;
  const int status = run_tpcc(pgbench_line("run", conninfo, more), &output);
  INFO(output);
  REQUIRE(status == 0);
  CHECK(output.find("transaction type: multiple scripts\n") != std::string::npos);
  for (std::size_t k = 0; k < paths.size(); ++k) {
    CHECK(output.find("SQL script " + std::to_string(k + 1) + ": " + paths[k] +
                      "\n - weight: 1 (targets 5.0% of total)") != std::string::npos);
  }
  CHECK(output.find("SQL script 21:") == std::string::npos);

  const Json result = Json::parse(slurp(fs::path(dir) / "result.json"));
  const Json& figures = result.at("pgbench");
  const auto processed = figures.at("transactions").get<long long>();
  CHECK(processed > 0);
  CHECK(figures.at("failed") == 0);
  REQUIRE(figures.at("scripts").size() == paths.size());
  long long sum = 0;
  for (std::size_t k = 0; k < paths.size(); ++k) {
    const Json& script = figures.at("scripts").at(k);
    CHECK(script.at("script") == paths[k]);
    CHECK(script.at("builtin") == false);
    // One in twenty of thousands of transactions: every script ran.
    CHECK(script.at("transactions").get<long long>() > 0);
    sum += script.at("transactions").get<long long>();
  }
  CHECK(sum == processed);

  // The directory redraws: tpcc report reads it back.
  std::string report;
  CHECK(run_tpcc({"report", dir}, &report) == 0);
  INFO(report);
}

TEST_CASE("pgbench run: 129 scripts, files and builtins together, are refused with exit 2",
          "[pgbench_many_scripts]") {
  const std::string conninfo = tpcc::test::pgbench_database("tpcc_pgb_too_many");
  const std::vector<std::string> paths = script_files(29);
  const std::string dir = tpcc::test::scratch_dir("pgbench_too_many_scripts");
  std::vector<std::string> more;
  for (int k = 0; k < 100; ++k) {
    more.emplace_back("--builtin");
    more.emplace_back("select-only");
  }
  std::vector<std::string> files = file_options(paths);
  more.insert(more.end(), files.begin(), files.end());
  for (const char* option : {"--duration", "1", "--result-dir"}) more.emplace_back(option);
  more.push_back(dir);

  SECTION("129: refused, naming the option of the 129th, nothing written") {
    std::string output;
    CHECK(run_tpcc(pgbench_line("run", conninfo, more), &output) == 2);
    INFO(output);
    CHECK(output.find("--file: at most 128 scripts (--builtin and --file together") !=
          std::string::npos);
    CHECK(output.find("129 given") != std::string::npos);
    CHECK_FALSE(fs::exists(dir));
  }
  SECTION("128 run, every one in result.json") {
    // The last file left out: 100 builtins and 28 files.
    more.erase(more.end() - 6, more.end() - 4);
    std::string output;
    const int status = run_tpcc(pgbench_line("run", conninfo, more), &output);
    INFO(output);
    REQUIRE(status == 0);
    const Json result = Json::parse(slurp(fs::path(dir) / "result.json"));
    CHECK(result.at("pgbench").at("scripts").size() == 128);
    CHECK(output.find("SQL script 128: " + paths[27] + "\n") != std::string::npos);
  }
}
