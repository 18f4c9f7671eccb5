// The result directory: intervals.csv and where write_result_files puts it all.
#include <catch2/catch.hpp>

#include <filesystem>
#include <regex>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "metrics/run.hpp"
#include "report/result_sink.hpp"
#include "report/results/result_files.hpp"
#include "tests/unit/report/output_samples.hpp"
#include "tests/unit/report/verdict_of.hpp"
#include "tests/unit/support.hpp"
#include "tests/unit/temp_dir.hpp"

namespace {

using tpcc::RunStats;
using tpcc::test::read_file;
using tpcc::test::record;
using tpcc::test::sample_info;
using tpcc::test::sample_run;
using tpcc::test::TempDir;
namespace fs = std::filesystem;

}  // namespace

TEST_CASE("report intervals.csv has a standby's throughput and lag columns", "[report]") {
  std::vector<tpcc::IntervalSample> intervals(1);
  for (tpcc::IntervalSample& sample : intervals) sample.stats = tpcc::RunStats(tpcc::kTxnTypes);
  intervals[0].end_seconds = 10;
  intervals[0].length_seconds = 10;
  tpcc::LagReading lag;
  lag.replay_lag_ms = 1.5;
  lag.bytes_behind = 4096;
  intervals[0].lag.push_back(lag);
  tpcc::StandbyRun standby;
  standby.stats = tpcc::RunStats(tpcc::kTxnTypes);
  standby.intervals.resize(1);
  standby.intervals[0].stats = tpcc::RunStats(tpcc::kTxnTypes);
  standby.intervals[0].length_seconds = 10;
  record(standby.intervals[0].stats.txn[tpcc::kOrderStatus], 50, 1000);
  const std::string csv = tpcc::intervals_csv(intervals, {standby});
  std::istringstream in(csv);
  std::string header, row;
  std::getline(in, header);
  std::getline(in, row);
  CHECK(header.find(",errors,retries,timeouts,unfinished,downtime_s,stalled,standby1_tpmTOTAL,"
                    "standby1_p90_ms,standby1_errors,"
                    "standby1_retries,standby1_write_lag_ms,standby1_flush_lag_ms,"
                    "standby1_replay_lag_ms,standby1_bytes_behind,standby1_replay_delay_ms") !=
        std::string::npos);
  CHECK(row.substr(row.size() - 33) == ",300.00,1.000,0,0,,,1.500,4096,,0");
}

TEST_CASE("report intervals.csv has its header and one row per interval", "[report]") {
  std::vector<tpcc::IntervalSample> intervals(2);
  for (tpcc::IntervalSample& sample : intervals) sample.stats = tpcc::RunStats(tpcc::kTxnTypes);
  intervals[0].end_seconds = 10;
  intervals[0].length_seconds = 10;
  intervals[0].warmup = true;
  record(intervals[0].stats.txn[tpcc::kNewOrder], 100, 1000);
  intervals[1].end_seconds = 20;
  intervals[1].length_seconds = 10;
  record(intervals[1].stats.txn[tpcc::kNewOrder], 150, 1000);
  intervals[1].stats.txn[tpcc::kPayment].errors = 2;
  const std::string csv = tpcc::intervals_csv(intervals);
  std::istringstream in(csv);
  std::string header, row1, row2, extra;
  std::getline(in, header);
  std::getline(in, row1);
  std::getline(in, row2);
  CHECK_FALSE(std::getline(in, extra));
  CHECK(header ==
        "elapsed_s,warmup,tpmC,tpmTOTAL,new_order_count,new_order_p90_ms,payment_count,"
        "payment_p90_ms,order_status_count,order_status_p90_ms,delivery_count,delivery_p90_ms,"
        "stock_level_count,stock_level_p90_ms,errors,retries,timeouts,unfinished,downtime_s,"
        "stalled,active_terminals");
  CHECK(row1.rfind("10.0,1,600.00,600.00,100,1.000,0,0.000,", 0) == 0);
  CHECK(row2.rfind("20.0,0,900.00,900.00,150,", 0) == 0);
  CHECK(row2.substr(row2.size() - 16) == ",2,0,0,0,0.0,0,0");
}

TEST_CASE("report write_result_files writes result.json, intervals.csv, config.json", "[report]") {
  const TempDir scratch;
  const fs::path& tmp = scratch.path();
  tpcc::Config config;
  config.conninfo = "host=/tmp dbname=tpcc user=bench password=s3cret";
  config.result_dir = (tmp / "run1").string();
  config.json_file = (tmp / "copies" / "out.json").string();
  std::vector<tpcc::IntervalSample> intervals(1);
  for (tpcc::IntervalSample& sample : intervals) sample.stats = tpcc::RunStats(tpcc::kTxnTypes);
  intervals[0].end_seconds = 10;
  intervals[0].length_seconds = 10;

  const std::string dir = tpcc::write_result_files(
      config, sample_info(), sample_run(),
      tpcc::test::verdict_of(config, sample_info(), sample_run()), intervals);
  CHECK(fs::path(dir) == tmp / "run1");
  for (const char* name : {"result.json", "intervals.csv", "config.json"}) {
    INFO(name);
    CHECK(fs::is_regular_file(fs::path(dir) / name));
  }
  const auto result = nlohmann::json::parse(read_file(fs::path(dir) / "result.json"));
  CHECK(result.at("tpmC").get<double>() == Approx(600));
  CHECK(read_file(tmp / "copies" / "out.json") == read_file(fs::path(dir) / "result.json"));
  const std::string config_json = read_file(fs::path(dir) / "config.json");
  CHECK(config_json.find("s3cret") == std::string::npos);
  CHECK_NOTHROW(nlohmann::json::parse(config_json));
  CHECK(read_file(fs::path(dir) / "intervals.csv").rfind("elapsed_s,warmup,tpmC,tpmTOTAL,", 0) ==
        0);
}

TEST_CASE("report write_result_files defaults to results/<YYYYmmdd-HHMMSS>/", "[report]") {
  const TempDir scratch;
  const fs::path& tmp = scratch.path();
  const fs::path old_cwd = fs::current_path();
  fs::current_path(tmp);
  tpcc::RunInfo info = sample_info();
  info.start_time = 1767225600;  // a fixed start: both runs get the same name
  std::string first, second;
  try {
    first = tpcc::write_result_files(
        tpcc::Config{}, info, RunStats(tpcc::kTxnTypes),
        tpcc::test::verdict_of(tpcc::Config{}, info, RunStats(tpcc::kTxnTypes)), {});
    second = tpcc::write_result_files(
        tpcc::Config{}, info, RunStats(tpcc::kTxnTypes),
        tpcc::test::verdict_of(tpcc::Config{}, info, RunStats(tpcc::kTxnTypes)), {});
  } catch (...) {
    fs::current_path(old_cwd);
    throw;
  }
  fs::current_path(old_cwd);
  CHECK(std::regex_match(first, std::regex("results/[0-9]{8}-[0-9]{6}")));
  CHECK(second == first + "-2");  // a second run in the same second does not overwrite
  CHECK(fs::is_regular_file(tmp / first / "result.json"));
  CHECK(fs::is_regular_file(tmp / second / "intervals.csv"));
}

TEST_CASE("report write_result_files expands BenchmarkSQL %t patterns in the result dir",
          "[report]") {
  const TempDir scratch;
  const fs::path& tmp = scratch.path();
  tpcc::Config config;
  config.result_dir = (tmp / "my_result_%tY").string();
  tpcc::RunInfo info = sample_info();
  info.start_time = 1767225600 + 86400 * 200;  // mid-2026 in any time zone
  const std::string dir =
      tpcc::write_result_files(config, info, RunStats(tpcc::kTxnTypes),
                               tpcc::test::verdict_of(config, info, RunStats(tpcc::kTxnTypes)), {});
  CHECK(dir == (tmp / "my_result_2026").string());
  CHECK(fs::is_regular_file(fs::path(dir) / "config.json"));
}
