// Server metrics per interval on a real run: the counters'
// deltas, the kit's backends' wait events, a forced checkpoint, and a view
// the monitoring user may not read, which is a note, not an error.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"

namespace {

using tpcc::test::read_intervals;
using tpcc::test::read_result;

// One warehouse loaded once for the whole file (tpcc::test::loaded_database).
constexpr const char* kDatabase = "tpcc_metrics";
constexpr int kWarehouses = 1;
using tpcc::test::loaded_database;

namespace fs = std::filesystem;
using Json = nlohmann::json;
using tpcc::test::scratch_dir;

std::string page_text(const std::string& dir) {
  std::ifstream in(fs::path(dir) / "report.html");
  std::stringstream page;
  page << in.rdbuf();
  return page.str();
}

// The intervals (elapsed_s) where intervals.csv shows a checkpoint.
std::set<std::string> checkpoint_intervals(const std::string& dir) {
  std::set<std::string> at;
  for (const auto& row : read_intervals(dir)) {
    if (std::stoll(row.at("ckpt_timed")) + std::stoll(row.at("ckpt_req")) > 0) {
      at.insert(row.at("elapsed_s"));
    }
  }
  return at;
}

// Where report.html's checkpoint markers stand (their tooltips, "checkpoint
// at 4.0", on the throughput chart and on each server chart).
std::set<std::string> checkpoint_markers(const std::string& dir) {
  const std::string html = page_text(dir);
  const std::regex marker("<title>(?:[0-9]+ )?checkpoints? at ([0-9.]+)</title>");
  std::set<std::string> at;
  for (std::sregex_iterator it(html.begin(), html.end(), marker), end; it != end; ++it) {
    at.insert((*it)[1].str());
  }
  return at;
}

std::vector<std::string> run_args(const std::string& conninfo, const std::string& dir) {
  return {"run", "--conn",       conninfo, "--terminals",
          "2",   "--duration",   "6",      "--report-interval",
          "2",   "--result-dir", dir};
}

}  // namespace

TEST_CASE("server metrics: a short run has commits, WAL bytes and wait samples per interval",
          "[metrics]") {
  const std::string dir = scratch_dir("basic");
  std::string output;
  const int status =
      tpcc::test::run_tpcc(run_args(loaded_database(kDatabase, kWarehouses), dir), &output);
  INFO(output);
  REQUIRE(status == 0);
  const auto rows = read_intervals(dir);
  REQUIRE(rows.size() == 3);
  for (const auto& row : rows) {
    INFO(row.at("elapsed_s"));
    CHECK(std::stoll(row.at("commits")) > 0);
    CHECK(std::stoll(row.at("wal_bytes")) > 0);
    CHECK(std::stoll(row.at("tup_upd")) > 0);
    CHECK(std::stod(row.at("blks_hit_ratio")) > 0.5);
    CHECK(std::stoll(row.at("db_bytes")) > 0);
    CHECK_FALSE(row.at("top_waits").empty());
    CHECK(std::stod(row.at("client_cpu_s")) > 0);
    // The fixture's server runs on this host.
    CHECK(std::stod(row.at("server_cpu_s")) > 0);
    CHECK(std::stod(row.at("host_idle_pct")) >= 0);
  }
  const Json metrics = read_result(dir).at("server_metrics");
  CHECK(metrics.at("enabled") == true);
  CHECK(metrics.at("notes").empty());
  CHECK(metrics.at("sample_failures") == 0);
  CHECK(metrics.at("samples").get<int>() >= 20);  // 5 a second for 6 s
  CHECK(metrics.at("totals").at("commits").get<double>() > 0);
  REQUIRE(metrics.at("intervals").size() == 3);
  CHECK(metrics.at("intervals")[0].at("wait_samples").get<int>() > 0);
  // The forced CHECKPOINT test's twin: no checkpoint (the fixture's
  // checkpoint_timeout is 30 min), no marker on report.html.
  CHECK(checkpoint_intervals(dir).empty());
  CHECK(checkpoint_markers(dir).empty());
  CHECK(page_text(dir).find("<h2>Wait events of the kit&#39;s backends</h2>") != std::string::npos);
}

TEST_CASE("server metrics: a forced CHECKPOINT shows in ckpt_req and as a report.html marker",
          "[metrics]") {
  const std::string dir = scratch_dir("checkpoint");
  std::string output;
  std::thread checkpointer([] {
    std::this_thread::sleep_for(std::chrono::seconds(3));
    tpcc::test::execute_outside_transaction(loaded_database(kDatabase, kWarehouses), "checkpoint");
  });
  const int status =
      tpcc::test::run_tpcc(run_args(loaded_database(kDatabase, kWarehouses), dir), &output);
  checkpointer.join();
  INFO(output);
  REQUIRE(status == 0);
  long long requested = 0;
  for (const auto& row : read_intervals(dir)) {
    requested += std::stoll(row.at("ckpt_req"));
    if (std::stoll(row.at("ckpt_req")) > 0) CHECK(row.at("warmup") == "0");  // measured
  }
  CHECK(requested >= 1);
  CHECK(read_result(dir).at("server_metrics").at("totals").at("ckpt_req").get<double>() >= 1);
  // The marker stands at the interval whose counters rose, and only there.
  const std::set<std::string> at = checkpoint_intervals(dir);
  REQUIRE_FALSE(at.empty());
  CHECK(checkpoint_markers(dir) == at);
  CHECK(page_text(dir).find("class=\"markerlabel\">checkpoint</text>") != std::string::npos);
}

TEST_CASE("server metrics: a view the user may not read is a note and the run exits 0",
          "[metrics]") {
  const std::string& conninfo = loaded_database(kDatabase, kWarehouses);
  const std::string role = "tpcc_metrics_user_" + std::to_string(::getpid());
  tpcc::test::execute(conninfo, "create role " + role +
                                    " login; grant select, insert, update, delete on all tables "
                                    "in schema public to " +
                                    role + "; grant usage on all sequences in schema public to " +
                                    role + "; revoke select on pg_stat_wal from public");
  const std::string dir = scratch_dir("no_wal_view");
  std::string output;
  const int status = tpcc::test::run_tpcc(run_args(conninfo + " user=" + role, dir), &output);
  tpcc::test::execute(conninfo, "grant select on pg_stat_wal to public");
  INFO(output);
  CHECK(status == 0);
  CHECK(output.find("server metrics: pg_stat_wal (PostgreSQL < 14): wal_bytes, fpi not "
                    "reported (") != std::string::npos);
  const auto rows = read_intervals(dir);
  REQUIRE_FALSE(rows.empty());
  CHECK(rows.front().at("wal_bytes").empty());
  CHECK(std::stoll(rows.front().at("commits")) > 0);  // the other sets go on
  const Json metrics = read_result(dir).at("server_metrics");
  REQUIRE(metrics.at("notes").size() == 1);
  CHECK(metrics.at("totals").at("wal_bytes").is_null());
}

TEST_CASE("server metrics: --server-metrics off leaves intervals.csv as it was", "[metrics]") {
  const std::string dir = scratch_dir("off");
  std::vector<std::string> args = run_args(loaded_database(kDatabase, kWarehouses), dir);
  args.insert(args.end(), {"--server-metrics", "off"});
  std::string output;
  REQUIRE(tpcc::test::run_tpcc(args, &output) == 0);
  std::ifstream in(fs::path(dir) / "intervals.csv");
  std::string header;
  std::getline(in, header);
  CHECK(header.find("wal_bytes") == std::string::npos);
  CHECK(read_result(dir).at("server_metrics").at("enabled") == false);
}
