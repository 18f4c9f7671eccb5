// --ramp on a real run: the terminals started rise over the warm-up in
// intervals.csv and the interval lines, and every measured interval has all
// of them (the warm-up extended to the ramp), on the fast path (a worker per
// terminal) and the scheduled one (terminals sharing connections).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"

namespace {

using tpcc::test::read_intervals;

constexpr const char* kDatabase = "tpcc_ramp";
constexpr int kWarehouses = 1;
constexpr int kTerminals = 8;

namespace fs = std::filesystem;

void check_ramped_run(const std::vector<std::string>& extra, const std::string& name) {
  const std::string& conn = tpcc::test::loaded_database(kDatabase, kWarehouses);
  const std::string dir = tpcc::test::scratch_dir(name);
  std::vector<std::string> args = {
      "run", "--conn",     conn, "--terminals",       "8", "--ramp",       "4", "--warmup",
      "1",   "--duration", "3",  "--report-interval", "1", "--result-dir", dir};
  args.insert(args.end(), extra.begin(), extra.end());
  std::string output;
  const int status = tpcc::test::run_tpcc(args, &output);
  INFO(output);
  REQUIRE(status == 0);
  CHECK_THAT(output, Catch::Contains("after 4 s warm-up (extended to cover the --ramp)") &&
                         Catch::Contains("terminals: ") && Catch::Contains("/8 (warm-up)"));
  const auto rows = read_intervals(dir);
  REQUIRE(rows.size() >= 4);
  int previous = 0;
  int warmup_rows = 0;
  int first = kTerminals;
  for (const auto& row : rows) {
    INFO("interval ending " << row.at("elapsed_s"));
    const int active = std::stoi(row.at("active_terminals"));
    CHECK(active >= previous);
    previous = active;
    if (row.at("warmup") == "1") {
      if (warmup_rows++ == 0) first = active;
    } else {
      CHECK(active == kTerminals);
    }
  }
  // The first second of the 4 s ramp has 3 of the 8 (starting at 0, 0.5, 1 s).
  CHECK(first < kTerminals);
  CHECK(first >= 1);
  CHECK(warmup_rows >= 3);
}

}  // namespace

TEST_CASE("ramp: unpaced terminals start over the ramp, the measured intervals have all",
          "[ramp]") {
  check_ramped_run({}, "ramp_fast");
}

TEST_CASE("ramp: scheduled terminals start over the ramp, the measured intervals have all",
          "[ramp]") {
  check_ramped_run({"--connections", "4"}, "ramp_scheduled");
}
