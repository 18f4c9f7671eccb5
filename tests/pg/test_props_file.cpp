// One BenchmarkSQL 5 props file, its conn a jdbc:postgresql URL to the
// throwaway server over TCP on 127.0.0.1, drives prepare, run (an exact
// transaction count from runTxnsPerTerminal) and cleanup; the password it
// holds appears in no output and in no file the run writes.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "pgserver/local_server.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/unit/config_test_support.hpp"
#include "tests/unit/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;

constexpr const char* kDatabase = "tpcc_props_file";
constexpr const char* kPassword = "Pw-props-7c1e9";
const std::vector<std::string> kTxnNames = {"new_order", "payment", "order_status", "delivery",
                                            "stock_level"};

// BenchmarkSQL 5's run/props.pg with conn, user, password, the sizes and
// the result directory set for this server.
std::string props_pg(const fs::path& results) {
  const int port = tpcc::test::local_server().port();
  return tpcc::test::benchmarksql5_with({
      {"conn", "jdbc:postgresql://127.0.0.1:" + std::to_string(port) + "/" + kDatabase +
                   "?reWriteBatchedInserts=true"},
      {"user", "postgres"},
      {"password", kPassword},
      {"loadWorkers", "2"},
      {"terminals", "4"},
      {"runTxnsPerTerminal", "25"},
      {"limitTxnsPerMin", "0"},
      {"resultDirectory", (results / "my_result_%tY-%tm-%td_%tH%tM%tS").string()},
  });
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string run_ok(const std::vector<std::string>& args) {
  std::string output;
  const int status = tpcc::test::run_tpcc(args, &output);
  INFO(output);
  REQUIRE(status == 0);
  CHECK(output.find(kPassword) == std::string::npos);
  return output;
}

long long bmsql_relations(const std::string& conninfo) {
  return tpcc::test::scalar(conninfo,
                            "select count(*) from pg_class where relname like 'bmsql%' "
                            "and relnamespace = 'public'::regnamespace");
}

}  // namespace

TEST_CASE("a BenchmarkSQL props file with a jdbc:postgresql conn drives prepare, run, cleanup",
          "[props]") {
  const std::string db = tpcc::test::create_database(kDatabase);
  const tpcc::test::TempDir scratch;
  const fs::path results = scratch.path() / "results";
  const fs::path props = scratch.path() / "props.pg";
  std::ofstream(props) << props_pg(results);

  const std::string prepared = run_ok({"prepare", props.string()});
  CHECK(prepared.find("osCollectorScript, osCollectorInterval, osCollectorDevices: ignored") !=
        std::string::npos);
  CHECK(tpcc::test::scalar(db, "select count(*) from bmsql_warehouse") == 1);

  run_ok({"run", props.string()});
  // resultDirectory's date patterns made one directory.
  std::vector<fs::path> made;
  for (const auto& entry : fs::directory_iterator(results)) made.push_back(entry.path());
  REQUIRE(made.size() == 1);
  CHECK(made[0].filename().string().rfind("my_result_20", 0) == 0);
  CHECK(made[0].filename().string().find("%t") == std::string::npos);

  const auto result = nlohmann::json::parse(read_file(made[0] / "result.json"));
  CHECK(result.at("terminals").get<int>() == 4);
  CHECK(result.at("warehouses").get<int>() == 1);
  long long finished = 0;
  for (const auto& name : kTxnNames) {
    const auto& t = result.at("transactions").at(name);
    finished += t.at("count").get<long long>() + t.at("rollbacks").get<long long>() +
                t.at("errors").get<long long>();
  }
  CHECK(finished == 4 * 25);

  // No file the run wrote holds the password; config.json has it masked.
  int files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(results)) {
    if (!entry.is_regular_file()) continue;
    ++files;
    INFO(entry.path());
    CHECK(read_file(entry.path()).find(kPassword) == std::string::npos);
  }
  CHECK(files >= 3);
  const std::string config = read_file(made[0] / "config.json");
  CHECK(config.find("password=*****") != std::string::npos);
  CHECK(config.find("host=127.0.0.1") != std::string::npos);

  run_ok({"check", props.string()});
  run_ok({"cleanup", props.string()});
  CHECK(bmsql_relations(db) == 0);
}

TEST_CASE("tpcc run reports every mistake of a props file by line, password hidden", "[props]") {
  const tpcc::test::TempDir scratch;
  const fs::path props = scratch.path() / "bad.pg";
  std::ofstream(props) << "conn=jdbc:postgresql://127.0.0.1:1/x?password=" << kPassword
                       << "\nwarehouses=many\nterminals=0\n";
  std::string output;
  CHECK(tpcc::test::run_tpcc({"run", props.string()}, &output) == 2);
  INFO(output);
  CHECK(output.find("2 problems in the configuration") != std::string::npos);
  CHECK(output.find(props.string() + ":2: key 'warehouses'") != std::string::npos);
  CHECK(output.find(props.string() + ":3: key 'terminals'") != std::string::npos);
  CHECK(output.find(kPassword) == std::string::npos);
}

TEST_CASE("tpcc cleanup refuses a binary props file and drops nothing", "[props]") {
  const std::string db = tpcc::test::prepared_database("tpcc_props_binary", 1);
  const tpcc::test::TempDir scratch;
  const fs::path blob = scratch.path() / "tpcc.bin";
  std::ofstream(blob, std::ios::binary) << std::string(
                                               "\x7f"
                                               "ELF\x02\x01\x01\0\0\0",
                                               10)
                                        << "conn=x\n";
  const long long before = bmsql_relations(db);
  REQUIRE(before > 0);
  std::string output;
  CHECK(tpcc::test::run_tpcc({"cleanup", "--conn", db, blob.string()}, &output) == 2);
  INFO(output);
  CHECK(output.rfind("tpcc: props file '" + blob.string() + "': line 1 holds", 0) == 0);
  CHECK(output.find("not a text props file") != std::string::npos);
  CHECK(bmsql_relations(db) == before);

  // The same for a text file without a single known key.
  const fs::path notes = scratch.path() / "notes.txt";
  std::ofstream(notes) << "Remember to tune shared_buffers\nand checkpoints\n";
  CHECK(tpcc::test::run_tpcc({"cleanup", "--conn", db, notes.string()}, &output) == 2);
  CHECK(output.find("has no key tpcc knows") != std::string::npos);
  CHECK(bmsql_relations(db) == before);
}
