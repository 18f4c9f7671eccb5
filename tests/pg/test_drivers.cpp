// Several drivers, one result (docs/several-drivers.md): two tpcc run
// processes with --driver 1/2 and 2/2 against one server meet at the start
// barrier in the database, drive disjoint warehouses, and tpcc report
// --merge turns their results into one; a missing driver, a driver number
// given twice and mismatched merges are refused.
#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "metrics/stats.hpp"
#include "report/results/interval_points.hpp"
#include "schema/schema.hpp"
#include "tests/pg/driver_runs.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

constexpr const char* kDatabase = "tpcc_drivers";
constexpr int kWarehouses = 4;
// How far apart the two drivers' measured intervals may start: the barrier
// fixes one start on the server's clock, each driver converts it to its own
// clock over one round trip and sleeps to it in 10 ms steps.
// The second driver starts tpcc::test::kSecondDriverDelay (1.5 s) after
// the first: without the barrier their starts would lie that far apart.
constexpr std::int64_t kStartToleranceMs = 200;

using tpcc::test::loaded_database;
using tpcc::test::read_text;
using tpcc::test::scratch_dir;
using tpcc::test::scratch_root;

Json read_json(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  return Json::parse(in);
}

// tpcc run as driver `number` ("1/2") of run id, measuring briefly.
tpcc::test::DriverRun driver(const std::string& number, const std::string& run_id,
                             const std::string& dir, int barrier_timeout = 60) {
  return {loaded_database(kDatabase, kWarehouses), number, run_id, dir, 4, barrier_timeout, {}};
}

std::vector<std::string> driver_args(const std::string& number, const std::string& run_id,
                                     const std::string& dir, int barrier_timeout = 60) {
  return tpcc::test::driver_run_args(driver(number, run_id, dir, barrier_timeout));
}

// The merged histogram of one transaction computed here, from the drivers'
// histograms.json bucket lists added index by index.
tpcc::LatencyHistogram merged_directly(const std::vector<std::string>& dirs,
                                       const std::string& txn) {
  std::vector<std::int64_t> buckets(tpcc::LatencyHistogram::bucket_count(), 0);
  std::int64_t sum = 0;
  std::int64_t max = 0;
  for (const std::string& dir : dirs) {
    const Json h = read_json(dir + "/histograms.json").at("transactions").at(txn).at("latency");
    for (const Json& pair : h.at("buckets")) {
      buckets[pair.at(0).get<std::size_t>()] += pair.at(1).get<std::int64_t>();
    }
    sum += h.at("sum_us").get<std::int64_t>();
    max = std::max(max, h.at("max_us").get<std::int64_t>());
  }
  return tpcc::LatencyHistogram::restore(buckets, sum, max);
}

double ms(double micros) { return std::round(micros) / 1000.0; }

// Both drivers of run id "together", run once for the tests that read them.
struct TwoDrivers : tpcc::test::DriverPairOutcome {
  std::string first = scratch_dir("driver1");
  std::string second = scratch_dir("driver2");
};

const TwoDrivers& two_drivers() {
  static const TwoDrivers runs = [] {
    TwoDrivers r;
    static_cast<tpcc::test::DriverPairOutcome&>(r) = tpcc::test::run_driver_pair(
        driver("1/2", "together", r.first), driver("2/2", "together", r.second), "driver", 90);
    return r;
  }();
  return runs;
}

// The two drivers' runs, both ended with exit 0 (their logs shown when not).
const TwoDrivers& two_finished_drivers() {
  const TwoDrivers& runs = two_drivers();
  INFO(runs.first_log);
  INFO(runs.second_log);
  REQUIRE(runs.first_status == 0);
  REQUIRE(runs.second_status == 0);
  return runs;
}

// Drivers registered at the barrier under run_id.
long long registered(const std::string& run_id) {
  if (tpcc::test::scalar(loaded_database(kDatabase, kWarehouses),
                         "select count(*) from pg_class where relname = "
                         "'tpcc_driver_barrier'") == 0) {
    return 0;
  }
  return tpcc::test::scalar(
      loaded_database(kDatabase, kWarehouses),
      "select count(*) from tpcc_driver_barrier where run_id = '" + run_id + "'");
}

// A driver registers once its sessions are open: well within 5 s here.
bool wait_for_registration(const std::string& run_id) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (registered(run_id) == 0 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return registered(run_id) == 1;
}

}  // namespace

TEST_CASE("drivers: two drivers start together at the barrier and drive disjoint warehouses",
          "[drivers]") {
  const TwoDrivers& runs = two_finished_drivers();
  const Json one = read_json(runs.first + "/result.json");
  const Json two = read_json(runs.second + "/result.json");
  const std::int64_t start_one = one.at("measured_interval").at("start_ms").get<std::int64_t>();
  const std::int64_t start_two = two.at("measured_interval").at("start_ms").get<std::int64_t>();
  CHECK(std::llabs(start_one - start_two) <= kStartToleranceMs);
  CHECK(one.at("driver").at("barrier_start_utc") == two.at("driver").at("barrier_start_utc"));
  CHECK(one.at("driver").at("index") == 1);
  CHECK(one.at("driver").at("first_warehouse") == 1);
  CHECK(one.at("driver").at("last_warehouse") == 2);
  CHECK(two.at("driver").at("index") == 2);
  CHECK(two.at("driver").at("first_warehouse") == 3);
  CHECK(two.at("driver").at("last_warehouse") == 4);
  CHECK(one.at("warehouses") == kWarehouses);
  // Each driver's terminals worked only its own warehouses: the 4.2.2 rule
  // counts the slice's home warehouses.
  CHECK(tpcc::test::find_rule(one, "4.2.2")
            .at("value")
            .get<std::string>()
            .find("for 2 home warehouses") != std::string::npos);
  CHECK(runs.first_log.find("waiting at the start barrier") != std::string::npos);
}

// The line a driver prints once the barrier handed it the run's C-Run.
std::string c_run_line(const std::string& log) {
  const std::string head = "C-Run (2.1.6, every driver's): ";
  const auto at = log.find(head);
  if (at == std::string::npos) return "";
  return log.substr(at + head.size(), log.find('\n', at) - at - head.size());
}

TEST_CASE("2.1.6 every driver of a run uses one C-Run: printed, recorded and merged alike",
          "[drivers]") {
  const TwoDrivers& runs = two_finished_drivers();
  const std::string printed = c_run_line(runs.first_log);
  CHECK_THAT(printed, Catch::StartsWith("C_LAST "));
  CHECK(c_run_line(runs.second_log) == printed);
  const Json one = read_json(runs.first + "/result.json").at("c_run");
  const Json two = read_json(runs.second + "/result.json").at("c_run");
  REQUIRE(one.is_object());
  CHECK(one == two);
  CHECK(printed == "C_LAST " + one.at("c_last").dump() + ", C_ID " + one.at("c_id").dump() +
                       ", OL_I_ID " + one.at("ol_i_id").dump());
  const std::string out = scratch_dir("merged-c-run");
  std::string output;
  REQUIRE(tpcc::test::run_tpcc({"report", "--merge", runs.first, runs.second, "--out", out},
                               &output) == 0);
  CHECK(read_json(out + "/result.json").at("c_run") == one);
  // A driver that used another C is refused, naming both drivers and values.
  const std::string other = scratch_dir("other-c-run");
  fs::copy(runs.second, other);
  Json changed = read_json(other + "/result.json");
  changed["c_run"]["c_id"] = (one.at("c_id").get<int>() + 1) % 1024;
  std::ofstream(other + "/result.json") << changed.dump(2);
  CHECK(tpcc::test::run_tpcc(
            {"report", "--merge", runs.first, other, "--out", scratch_dir("merged-two-c")},
            &output) == 2);
  INFO(output);
  CHECK(output.find("different C-Run (2.1.6: one C per field for every terminal of a run): "
                    "driver 1 (" +
                    runs.first + ") used " + printed + ", driver 2 (" + other + ") C_LAST ") !=
        std::string::npos);
  CHECK_FALSE(fs::exists(scratch_root() / "merged-two-c"));
}

TEST_CASE(
    "drivers: tpcc report --merge sums tpmC and takes percentiles from the merged "
    "histograms",
    "[drivers]") {
  const TwoDrivers& runs = two_finished_drivers();
  const std::string out = scratch_dir("merged");
  std::string output;
  const int status =
      tpcc::test::run_tpcc({"report", "--merge", runs.first, runs.second, "--out", out}, &output);
  INFO(output);
  REQUIRE(status == 0);
  const Json one = read_json(runs.first + "/result.json");
  const Json two = read_json(runs.second + "/result.json");
  const Json merged = read_json(out + "/result.json");
  // Each figure is rounded to 0.01 on its own.
  CHECK(merged.at("tpmC").get<double>() ==
        Approx(one.at("tpmC").get<double>() + two.at("tpmC").get<double>()).margin(0.02));
  CHECK(merged.at("tpmTOTAL").get<double>() ==
        Approx(one.at("tpmTOTAL").get<double>() + two.at("tpmTOTAL").get<double>()).margin(0.02));
  CHECK(merged.at("tpmC").get<double>() > one.at("tpmC").get<double>());
  CHECK(merged.at("terminals") == 8);
  for (const std::string txn :
       {"new_order", "payment", "order_status", "delivery", "stock_level"}) {
    const tpcc::LatencyHistogram direct = merged_directly({runs.first, runs.second}, txn);
    const Json& latency = merged.at("transactions").at(txn).at("latency_ms");
    INFO(txn);
    CHECK(merged.at("transactions").at(txn).at("count").get<std::int64_t>() ==
          one.at("transactions").at(txn).at("count").get<std::int64_t>() +
              two.at("transactions").at(txn).at("count").get<std::int64_t>());
    for (const auto& [key, p] : {std::pair{"p50", 50.0}, {"p90", 90.0}, {"p99", 99.0}}) {
      CHECK(latency.at(key).get<double>() == Approx(ms(direct.percentile(p))).margin(1e-9));
    }
  }
  CHECK(merged.at("merged").at("drivers").size() == 2);
  CHECK(merged.at("driver").is_null());
  CHECK(read_text(out + "/report.html").find("merged from") != std::string::npos);
  CHECK(read_text(out + "/report.html").find("Not merged: every driver sampled the same server") !=
        std::string::npos);
  CHECK(read_text(out + "/report.html").find("--server-metrics off") == std::string::npos);
  CHECK(read_text(runs.first + "/report.html").find("1 of 2 (run id together)") !=
        std::string::npos);
  CHECK(read_text(out + "/summary.txt").find("tpmC") != std::string::npos);

  // Over time: every interval line of the drivers merged, the counts added.
  const auto points = [](const std::string& dir) {
    return tpcc::read_intervals_by_type_csv(read_text(dir + "/intervals_by_type.csv"), dir);
  };
  const std::vector<tpcc::IntervalPoint> first = points(runs.first);
  const std::vector<tpcc::IntervalPoint> second = points(runs.second);
  const std::vector<tpcc::IntervalPoint> both = points(out);
  REQUIRE_FALSE(first.empty());
  REQUIRE(both.size() == first.size());
  REQUIRE(second.size() == first.size());
  for (std::size_t i = 0; i < both.size(); ++i) {
    INFO("interval line " << i + 1);
    CHECK(both[i].end_seconds == first[i].end_seconds);
    CHECK(both[i].warmup == first[i].warmup);
    CHECK(both[i].tpmc == Approx(first[i].tpmc + second[i].tpmc).margin(0.02));
    for (std::size_t t = 0; t < both[i].txn.size(); ++t) {
      CHECK(both[i].txn[t].count == first[i].txn[t].count + second[i].txn[t].count);
    }
  }
  CHECK(output.find("no figures over time") == std::string::npos);
  // tpcc report redraws the merged page as written.
  const std::string page = read_text(out + "/report.html");
  fs::remove(out + "/report.html");
  std::string redrawn;
  CHECK(tpcc::test::run_tpcc({"report", out}, &redrawn) == 0);
  INFO(redrawn);
  CHECK(read_text(out + "/report.html") == page);
}

TEST_CASE("drivers: a merge of drivers whose interval lines do not match says so and draws none",
          "[drivers]") {
  const TwoDrivers& runs = two_finished_drivers();
  // The second driver's histograms.json with its last interval line dropped.
  const std::string second = scratch_dir("short-second");
  fs::copy(runs.second, second);
  Json histograms = read_json(second + "/histograms.json");
  REQUIRE(histograms.at("intervals").size() >= 2);
  histograms.at("intervals").erase(histograms.at("intervals").size() - 1);
  std::ofstream(second + "/histograms.json") << histograms.dump();
  const std::string out = scratch_dir("merged-short");
  std::string output;
  CHECK(tpcc::test::run_tpcc({"report", "--merge", runs.first, second, "--out", out}, &output) ==
        0);
  INFO(output);
  CHECK(output.find("note: no figures over time in the merged result: " + second +
                    " (driver 2) has ") != std::string::npos);
  CHECK(tpcc::read_intervals_by_type_csv(read_text(out + "/intervals_by_type.csv"), out).empty());
}

TEST_CASE("drivers: merging results that are not the drivers of one run exits 2", "[drivers]") {
  const TwoDrivers& runs = two_drivers();
  REQUIRE(runs.first_status == 0);
  std::string output;
  CHECK(tpcc::test::run_tpcc(
            {"report", "--merge", runs.first, runs.first, "--out", scratch_dir("twice")},
            &output) == 2);
  CHECK(output.find("driver 1 of 2 given twice") != std::string::npos);
  // A run of no driver.
  const std::string single = scratch_dir("single");
  REQUIRE(tpcc::test::run_tpcc({"run", "--conn", loaded_database(kDatabase, kWarehouses),
                                "--terminals", "2", "--duration", "2", "--result-dir", single},
                               &output) == 0);
  CHECK(tpcc::test::run_tpcc(
            {"report", "--merge", runs.first, single, "--out", scratch_dir("mixed")}, &output) ==
        2);
  CHECK(output.find(single + " is not the result of a driver") != std::string::npos);
  // Another run id.
  const std::string other = scratch_dir("other-run");
  fs::copy(runs.second, other);
  Json changed = read_json(other + "/result.json");
  changed["driver"]["run_id"] = "another";
  std::ofstream(other + "/result.json") << changed.dump(2);
  CHECK(tpcc::test::run_tpcc({"report", "--merge", runs.first, other, "--out", scratch_dir("ids")},
                             &output) == 2);
  CHECK(output.find("different run id") != std::string::npos);
  CHECK_FALSE(fs::exists(scratch_root() / "ids"));
}

TEST_CASE(
    "drivers: a driver whose partner never arrives exits 3 after --barrier-timeout, and "
    "a second driver with its number exits 2",
    "[drivers]") {
  const std::string log = scratch_dir("lonely.log");
  const std::string dir = scratch_dir("lonely");
  const auto started = std::chrono::steady_clock::now();
  tpcc::test::TpccChild lonely(driver_args("1/2", "lonely", dir, 4), log);
  REQUIRE(wait_for_registration("lonely"));
  std::string output;
  CHECK(tpcc::test::run_tpcc(driver_args("1/2", "lonely", scratch_dir("twin")), &output) == 2);
  CHECK(output.find("a driver with this number already waits") != std::string::npos);
  CHECK(tpcc::test::run_tpcc(driver_args("1/3", "lonely", scratch_dir("three")), &output) == 2);
  CHECK(output.find("every driver of a run gives the same N") != std::string::npos);

  const int status = lonely.wait_for(30);
  const double waited =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  const std::string text = read_text(log);
  INFO(text);
  CHECK(status == 3);
  CHECK(waited >= 4);
  CHECK(
      text.find("driver(s) 2 of 2 (run id 'lonely') did not arrive within --barrier-timeout 4 s") !=
      std::string::npos);
  // Nothing measured: result.json says so and why.
  const Json never = read_json(dir + "/result.json");
  CHECK(never.at("measured") == false);
  CHECK(never.at("stop_reason") == "not_started");
  CHECK(never.at("exit_status") == 3);
  CHECK(never.at("stop_detail").get<std::string>().find("did not arrive within") !=
        std::string::npos);
  // It withdrew: a later run with the id starts afresh.
  CHECK(registered("lonely") == 0);
}

TEST_CASE("drivers: SIGINT at the start barrier exits 130 at once and withdraws the driver",
          "[drivers]") {
  const std::string log = scratch_dir("interrupted.log");
  tpcc::test::TpccChild waiting(driver_args("1/2", "interrupted", scratch_dir("interrupted"), 60),
                                log);
  REQUIRE(wait_for_registration("interrupted"));
  waiting.signal(SIGINT);
  const int status = waiting.wait_for(5);  // not the 60 s of --barrier-timeout
  INFO(read_text(log));
  CHECK(status == 130);
  CHECK(read_text(log).find("interrupted at the start barrier") != std::string::npos);
  CHECK(registered("interrupted") == 0);
}

TEST_CASE("drivers: tpcc cleanup drops the start barrier's table", "[drivers]") {
  const std::string conninfo = tpcc::test::create_database("tpcc_drivers_cleanup");
  for (const std::string& statement : tpcc::sql_file_statements("driver_barrier.sql")) {
    tpcc::test::execute(conninfo, statement);
  }
  REQUIRE(tpcc::test::scalar(conninfo,
                             "select count(*) from pg_class where relname = "
                             "'tpcc_driver_barrier'") == 1);
  std::string output;
  REQUIRE(tpcc::test::run_tpcc({"cleanup", "--conn", conninfo}, &output) == 0);
  CHECK(tpcc::test::scalar(conninfo,
                           "select count(*) from pg_class where relname = "
                           "'tpcc_driver_barrier'") == 0);
}

TEST_CASE("drivers: a merge with a driver killed before its end names the driver and directory",
          "[drivers]") {
  const TwoDrivers& runs = two_finished_drivers();
  // What a SIGKILL of the second driver mid-run leaves: config.json and
  // intervals.csv, no result.json, histograms.json or report.html.
  const std::string killed = scratch_dir("killed-second");
  fs::copy(runs.second, killed);
  for (const char* name : {"result.json", "histograms.json", "report.html"}) {
    fs::remove(fs::path(killed) / name);
  }
  std::string output;
  CHECK(tpcc::test::run_tpcc(
            {"report", "--merge", runs.first, killed, "--out", scratch_dir("merged-killed")},
            &output) == 2);
  INFO(output);
  CHECK(output.find("--merge: driver 2 of 2 did not finish: " + killed +
                    " has config.json but no result.json") != std::string::npos);
  CHECK(output.find("cannot read") == std::string::npos);
}
