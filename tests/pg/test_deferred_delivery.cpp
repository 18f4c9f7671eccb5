// 2.7.2 deferred Delivery in real runs: every queued Delivery is executed by
// the delivery workers and written to delivery.csv (2.7.2.3), in both
// modes; Deliveries still queued at the end are counted, never executed,
// and the database stays consistent.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using tpcc::test::run_tpcc;
using tpcc::test::scratch_dir;

Json read_json(const fs::path& path) {
  std::ifstream in(path);
  return Json::parse(in);
}

std::vector<std::string> lines_of(const fs::path& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::vector<std::string> fields_of(const std::string& line) {
  std::vector<std::string> fields;
  std::istringstream in(line);
  for (std::string field; std::getline(in, field, ',');) fields.push_back(field);
  return fields;
}

// Runs tpcc with `args` into a fresh result directory; the directory.
std::string deferred_run(const std::string& db, const std::string& name,
                         std::vector<std::string> args, int expected_status = 0) {
  const std::string dir = scratch_dir(name);
  std::vector<std::string> all = {"run",      "--conn",       db, "--delivery",
                                  "deferred", "--result-dir", dir};
  all.insert(all.end(), args.begin(), args.end());
  std::string output;
  const int status = run_tpcc(all, &output);
  INFO(output);
  REQUIRE(status == expected_status);
  CHECK(output.find("delivery:     deferred") != std::string::npos);
  return dir;
}

void require_consistent(const std::string& db) {
  std::string output;
  const int status = run_tpcc({"check", "--conn", db}, &output);
  INFO(output);
  CHECK(status == 0);
}

}  // namespace

TEST_CASE(
    "2.7.2 deferred Delivery: each queued Delivery completes and is in delivery.csv "
    "(2.7.2.3)",
    "[delivery][deferred]") {
  const std::string db = tpcc::test::prepared_database("tpcc_deferred", 1);
  for (const char* mode : {"statements", "procedures"}) {
    INFO(mode);
    const std::string dir = deferred_run(
        db, mode,
        {"--mode", mode, "--terminals", "4", "--duration", "6", "--delivery-workers", "2"});
    const Json result = read_json(fs::path(dir) / "result.json");
    const Json& delivery = result.at("delivery");
    CHECK(delivery.at("mode") == "deferred");
    CHECK(delivery.at("workers") == 2);
    const auto queued = result.at("transactions").at("delivery").at("count").get<std::int64_t>();
    const auto completed = delivery.at("completed").get<std::int64_t>();
    CHECK(queued > 20);
    CHECK(completed + delivery.at("not_completed").get<std::int64_t>() == queued);
    CHECK(completed >= queued - 10 * 4);  // at most the queue's capacity was left
    CHECK(delivery.at("completion_p90_within_limit") == true);

    const auto lines = lines_of(fs::path(dir) / "delivery.csv");
    REQUIRE(lines.size() > 1);
    CHECK(lines.front().rfind("queued_at,w_id,o_carrier_id,completed_at,completion_ms", 0) == 0);
    std::int64_t rows_completed = 0;
    for (std::size_t i = 1; i < lines.size(); ++i) {
      const auto fields = fields_of(lines[i]);
      REQUIRE(fields.size() == 16);
      if (fields[15] != "\"completed\"") continue;
      ++rows_completed;
      CHECK(fields[1] == "1");                   // W_ID
      const int carrier = std::stoi(fields[2]);  // 2.7.1.2
      CHECK((carrier >= 1 && carrier <= 10));
      CHECK(fields[3] >= fields[0]);  // completed after queued
      for (int d = 5; d < 15; ++d) {
        CHECK((fields[static_cast<std::size_t>(d)] == "skipped" ||
               std::stoi(fields[static_cast<std::size_t>(d)]) > 0));
      }
    }
    CHECK(rows_completed >= completed);  // the file also has warm-up and after-the-end ones
    require_consistent(db);
  }
}

TEST_CASE(
    "2.7.2 deferred Delivery: work still queued at the end is counted, never executed, "
    "and the database stays consistent",
    "[delivery][deferred]") {
  const std::string db = tpcc::test::prepared_database("tpcc_deferred_backlog", 1);
  // Deliveries only, queued far faster than one worker can run them.
  const std::string dir = deferred_run(
      db, "backlog",
      {"--mix", "0,0,0,100,0", "--terminals", "2", "--duration", "3", "--delivery-workers", "1"});
  const Json result = read_json(fs::path(dir) / "result.json");
  const Json& delivery = result.at("delivery");
  CHECK(delivery.at("completed").get<std::int64_t>() > 0);
  CHECK(delivery.at("not_completed").get<std::int64_t>() > 0);
  std::int64_t not_started = 0;
  for (const auto& line : lines_of(fs::path(dir) / "delivery.csv")) {
    not_started += line.find("\"not started\"") != std::string::npos ? 1 : 0;
  }
  CHECK(not_started > 0);
  CHECK(not_started <= 2 * 10);  // the queue holds at most 10 per terminal
  require_consistent(db);
}

TEST_CASE(
    "2.7.4.2 deferred Delivery over a district without new orders reports its skipped "
    "districts in the summary, result.json and report.html",
    "[delivery][deferred]") {
  const std::string db = tpcc::test::prepared_database("tpcc_deferred_skips", 1);
  // District 3 has nothing left to deliver; Deliveries only, so no
  // New-Order refills it: every executed Delivery skips it.
  tpcc::test::execute(db, "delete from bmsql_new_order where no_w_id = 1 and no_d_id = 3");
  const std::string dir = scratch_dir("skips");
  std::string output;
  const int status =
      run_tpcc({"run", "--conn", db, "--delivery", "deferred", "--result-dir", dir, "--mix",
                "0,0,0,100,0", "--terminals", "2", "--duration", "3", "--delivery-workers", "2"},
               &output);
  INFO(output);
  REQUIRE(status == 0);
  const Json result = read_json(fs::path(dir) / "result.json");
  const Json& skipped = result.at("delivery").at("skipped");
  const auto deliveries = skipped.at("deliveries").get<std::int64_t>();
  CHECK(deliveries > 2);
  CHECK(deliveries == result.at("delivery").at("completed").get<std::int64_t>());
  CHECK(skipped.at("deliveries_with_skips").get<std::int64_t>() == deliveries);
  CHECK(skipped.at("districts").get<std::int64_t>() == 10 * deliveries);
  CHECK(skipped.at("districts_skipped").get<std::int64_t>() >= deliveries);
  CHECK(skipped.at("reportable") == true);
  CHECK(tpcc::test::find_rule(result, "2.7.4.2").at("verdict") == "disclosure");
  const std::string line = std::to_string(deliveries) + " of " + std::to_string(deliveries) +
                           " Deliveries (100.00%) skipped a district";
  CHECK(output.find("Delivery skipped districts (2.7.4.2): " + line) != std::string::npos);
  CHECK(output.find("to be reported") != std::string::npos);
  std::ifstream page_file(fs::path(dir) / "report.html");
  const std::string page((std::istreambuf_iterator<char>(page_file)),
                         std::istreambuf_iterator<char>());
  CHECK(page.find("Delivery skipped districts (2.7.4.2): " + line) != std::string::npos);
  CHECK(page.find("DISCLOSURE") != std::string::npos);
}
