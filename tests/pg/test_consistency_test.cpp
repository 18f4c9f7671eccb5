// 3.3.3 the consistency test as one command: tpcc run --check-before-after
// verifies the 3.3.2 conditions, runs, and verifies them again; its verdict
// is printed and kept in result.json.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"

namespace {

using tpcc::test::read_result;

namespace fs = std::filesystem;
using Json = nlohmann::json;
using tpcc::test::scratch_dir;

// A short run by transaction count (no timing in the test): two terminals,
// 40 transactions each, the default mix.
std::vector<std::string> run_args(const std::string& conn, const std::string& dir) {
  return {"run",
          "--conn",
          conn,
          "--check-before-after",
          "--terminals",
          "2",
          "--txns-per-terminal",
          "40",
          "--result-dir",
          dir};
}

bool has_line(const std::string& output, const std::string& prefix, const std::string& word) {
  std::istringstream lines{output};
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind(prefix, 0) == 0 && line.find(word) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

TEST_CASE(
    "3.3.3 the consistency test around a run shorter than 300 s is not judged: the conditions "
    "hold before and after it",
    "[check][consistency]") {
  const std::string& conn = tpcc::test::loaded_database("tpcc_consistency_pass", 1);
  const std::string dir = scratch_dir("consistency_pass");
  std::string output;
  const int status = tpcc::test::run_tpcc(run_args(conn, dir), &output);
  INFO(output);
  CHECK(status == 0);
  CHECK(has_line(output, "before the run: ", "conditions hold"));
  CHECK(has_line(output, "after the run: ", "conditions hold"));
  // A run by transaction count is shorter than 3.3.3's five minutes: not
  // judged, and not a failure of a run that is not a run of record.
  CHECK(
      has_line(output, "3.3.3    NOT JUDGED  consistency test: ", "hold before and after the run"));
  CHECK(has_line(output, "3.3.3    NOT JUDGED", "3.3.3 asks for at least 300 s"));
  const Json test = read_result(dir).at("consistency_test");
  CHECK(test.at("passed") == false);
  CHECK(test.at("verdict") == "not_judged");
  CHECK(test.at("before").at("passed") == true);
  CHECK(test.at("after").at("passed") == true);
  CHECK(test.at("after").at("failing").empty());

  // Broken before the run: a district's D_NEXT_O_ID ahead of its orders.
  // The test fails at once and nothing runs.
  std::string broken;
  const std::string not_run = scratch_dir("consistency_not_run");
  {
    const tpcc::test::CommittedChange ahead{
        conn,
        "update bmsql_district set d_next_o_id = d_next_o_id + 5 where d_w_id = 1 and d_id = 3",
        "update bmsql_district set d_next_o_id = d_next_o_id - 5 where d_w_id = 1 and d_id = 3"};
    CHECK(tpcc::test::run_tpcc(run_args(conn, not_run), &broken) == 1);
  }
  INFO(broken);
  CHECK(has_line(broken, "3.3.2.2 ", "FAIL"));
  CHECK(
      has_line(broken, "3.3.3    FAIL  consistency test: 3.3.2.2", "did not hold before the run"));
  CHECK_FALSE(fs::exists(fs::path(not_run) / "result.json"));
}

TEST_CASE("3.3.3 the consistency test fails when the run leaves the conditions broken",
          "[check][consistency]") {
  // The server broken on purpose: every Payment's HISTORY row also adds a
  // cent to W_YTD, so W_YTD = sum(D_YTD) (3.3.2.1) holds before the run
  // and not after it.
  const std::string conn = tpcc::test::prepared_database("tpcc_consistency_fail", 1);
  tpcc::test::execute(conn,
                      "create function tpcc_test_double_credit() returns trigger language plpgsql "
                      "as $$ begin update bmsql_warehouse set w_ytd = w_ytd + 0.01 "
                      "where w_id = new.h_w_id; return new; end $$; "
                      "create trigger tpcc_test_double_credit after insert on bmsql_history "
                      "for each row execute function tpcc_test_double_credit()");
  const std::string dir = scratch_dir("consistency_fail");
  std::string output;
  const int status = tpcc::test::run_tpcc(run_args(conn, dir), &output);
  INFO(output);
  CHECK(status == 1);
  CHECK(has_line(output, "before the run: ", "conditions hold"));
  CHECK(has_line(output, "3.3.3    FAIL  consistency test: 3.3.2.1", "did not hold after the run"));
  const Json test = read_result(dir).at("consistency_test");
  CHECK(test.at("passed") == false);
  CHECK(test.at("before").at("passed") == true);
  CHECK(test.at("after").at("passed") == false);
  CHECK(test.at("after").at("failing").at(0).at("clause") == "3.3.2.1");
}
