#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "metrics/run.hpp"
#include "report/console/interval_line.hpp"
#include "report/console/summary.hpp"
#include "report/result_sink.hpp"
#include "report/results/result_files.hpp"
#include "report/results/result_json.hpp"
#include "report/views/lag_text.hpp"
#include "spec/audit_tallies.hpp"
#include "tests/unit/report/verdict_of.hpp"
#include "tests/unit/support.hpp"
#include "tests/unit/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using tpcc::RunStats;
using tpcc::test::read_file;
using tpcc::test::record;
using tpcc::test::TempDir;

// 60 measured seconds: 594 + 6 rolled back New-Orders, 570 Payments, 45 of
// each other, all fast.
RunStats sample_run() {
  RunStats s(tpcc::kTxnTypes);
  record(s.txn[tpcc::kNewOrder], 594, 2000);
  s.txn[tpcc::kNewOrder].rolled_back = 6;
  for (int i = 0; i < 6; ++i) s.txn[tpcc::kNewOrder].latency.record(2000);
  s.txn[tpcc::kNewOrder].errors = 2;
  s.txn[tpcc::kNewOrder].retries = 5;
  tpcc::tally_slot(s.txn[tpcc::kNewOrder], tpcc::kTallyOrderLines) = 6000;
  record(s.txn[tpcc::kPayment], 570, 1000);
  tpcc::tally_slot(s.txn[tpcc::kPayment], tpcc::kTallyRemotePayments) = 85;
  tpcc::tally_slot(s.txn[tpcc::kPayment], tpcc::kTallyByLastName) = 342;
  record(s.txn[tpcc::kOrderStatus], 45, 500);
  record(s.txn[tpcc::kDelivery], 45, 8000);
  record(s.txn[tpcc::kStockLevel], 45, 3000);
  s.reconnects = 1;
  return s;
}

tpcc::RunInfo sample_info() {
  tpcc::RunInfo info;
  info.warehouses = 2;
  info.terminals = 20;
  info.measured_seconds = 60;
  info.warmup_seconds = 30;
  info.started_at = "2026-01-02T03:04:05+0000";
  return info;
}

std::string summary_text(const tpcc::Config& config, const tpcc::RunInfo& info, const RunStats& s) {
  std::ostringstream out;
  tpcc::print_summary(out, config, info, s, tpcc::test::verdict_of(config, info, s));
  return out.str();
}

std::string line_starting(const std::string& text, const std::string& prefix) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(prefix, 0) == 0) return line;
  }
  return "";
}

}  // namespace

TEST_CASE("report interval line is sysbench-like and rates use the interval length", "[report]") {
  tpcc::IntervalSample sample;
  sample.stats = tpcc::RunStats(tpcc::kTxnTypes);
  sample.end_seconds = 10;
  sample.length_seconds = 10;
  record(sample.stats.txn[tpcc::kNewOrder], 200, 40);  // 1200 tpmC
  record(sample.stats.txn[tpcc::kPayment], 250, 40);   // 2700 tpmTOTAL
  sample.stats.txn[tpcc::kPayment].errors = 5;         // 0.5 per second
  sample.stats.txn[tpcc::kPayment].retries = 3;
  CHECK(tpcc::format_interval_line(sample) ==
        "[ 10s ] tpmC: 1200 tpmTOTAL: 2700 p90: 0.04ms p99: 0.04ms err/s: 0.50 retries: 3");

  sample.warmup = true;
  const std::string warm = tpcc::format_interval_line(sample);
  CHECK(warm.find("(warm-up)") != std::string::npos);

  // A 5 s interval with the same counts is twice the rate.
  sample.warmup = false;
  sample.end_seconds = 15;
  sample.length_seconds = 5;
  CHECK(tpcc::format_interval_line(sample).rfind("[ 15s ] tpmC: 2400 tpmTOTAL: 5400 ", 0) == 0);
}

TEST_CASE("report interval line latency is in milliseconds within 1%", "[report]") {
  tpcc::IntervalSample sample;
  sample.stats = tpcc::RunStats(tpcc::kTxnTypes);
  sample.end_seconds = 20;
  sample.length_seconds = 10;
  record(sample.stats.txn[tpcc::kNewOrder], 100, 12300);
  const std::string line = tpcc::format_interval_line(sample);
  std::smatch m;
  REQUIRE(std::regex_search(line, m, std::regex("p90: ([0-9.]+)ms p99: ([0-9.]+)ms")));
  CHECK(std::stod(m[1]) == Approx(12.3).epsilon(0.01));
  CHECK(std::stod(m[2]) == Approx(12.3).epsilon(0.01));
  CHECK(line.find("err/s: 0 retries: 0") != std::string::npos);
}

TEST_CASE("5.2.5.3 summary shows PASS and FAIL against the 90th percentile limits", "[report]") {
  RunStats s(tpcc::kTxnTypes);
  record(s.txn[tpcc::kNewOrder], 100, 6000000);    // 6 s > 5 s: FAIL
  record(s.txn[tpcc::kPayment], 100, 1000);        // 1 ms: PASS
  record(s.txn[tpcc::kStockLevel], 100, 6000000);  // 6 s < 20 s: PASS
  const std::string text = summary_text(tpcc::Config{}, sample_info(), s);
  INFO(text);
  const std::string no = line_starting(text, "  New-Order ");
  const std::string pay = line_starting(text, "  Payment");
  const std::string sl = line_starting(text, "  Stock-Level");
  const std::string del = line_starting(text, "  Delivery");
  REQUIRE_FALSE(no.empty());
  CHECK(no.size() >= 4);
  CHECK(no.substr(no.size() - 4) == "FAIL");
  CHECK(pay.substr(pay.size() - 4) == "PASS");
  CHECK(sl.substr(sl.size() - 4) == "PASS");
  CHECK(sl.find("20 s") != std::string::npos);
  CHECK(no.find("5 s") != std::string::npos);
  // Nothing ran: no verdict.
  CHECK(del.find("PASS") == std::string::npos);
  CHECK(del.find("FAIL") == std::string::npos);
}

TEST_CASE("report summary gives tpmC, rollbacks apart, audits, efficiency caveat", "[report]") {
  tpcc::Config config;
  tpcc::RunInfo info = sample_info();
  info.interrupted = true;
  info.health.stop = tpcc::StopReason::Interrupted;
  const std::string text = summary_text(config, info, sample_run());
  INFO(text);
  CHECK(text.find("tpmC: 600.0") != std::string::npos);
  CHECK(text.find("tpmTOTAL: 1305.0") != std::string::npos);
  CHECK(text.find("594 committed, 6 rolled back") != std::string::npos);
  CHECK(text.find("tpmC counts both") != std::string::npos);
  // 5.2.5: no keying and think times, no efficiency figure.
  CHECK(text.find("efficiency: not meaningful (no keying and think times)") != std::string::npos);
  CHECK(text.find("efficiency: 2") == std::string::npos);
  CHECK(text.find("interrupted") != std::string::npos);
  CHECK(text.find("measured 60.0 s") != std::string::npos);
  CHECK(text.find("30.0 s of warm-up") != std::string::npos);
  CHECK(text.find("2 warehouses, 20 terminals") != std::string::npos);
  CHECK(text.find("Input audits (9.2.2.5)") != std::string::npos);
  CHECK(line_starting(text, "  New-Order rollbacks").find("too few to judge") != std::string::npos);
  CHECK(line_starting(text, "  Average OL_CNT").find("PASS") != std::string::npos);
  CHECK(text.find("Reconnects: 1") != std::string::npos);

  config.keying_and_thinking = true;
  info.interrupted = false;
  info.health.stop = tpcc::StopReason::Completed;
  const std::string paced = summary_text(config, info, sample_run());
  CHECK(paced.find("not meaningful") == std::string::npos);
  CHECK(paced.find("efficiency: 2332.81% of 12.86 tpmC per warehouse") != std::string::npos);
  config.think_multiplier = 0.5;
  config.keying_multiplier = 0.5;
  CHECK(summary_text(config, info, sample_run())
            .find("efficiency: not meaningful (keying and "
                  "think times scaled") != std::string::npos);
  CHECK(paced.find("interrupted") == std::string::npos);
}

TEST_CASE("report result.json has every contract field with the right values", "[report]") {
  tpcc::Config config;
  config.mode = tpcc::Mode::Procedures;
  config.profile = tpcc::Profile::ReadWrite;
  const auto j = nlohmann::json::parse(
      tpcc::result_json(config, sample_info(), sample_run(),
                        tpcc::test::verdict_of(config, sample_info(), sample_run())));

  CHECK(j.at("tpmC").get<double>() == Approx(600));  // warm-up not in the 60 s
  CHECK(j.at("tpmTOTAL").get<double>() == Approx(1305));
  CHECK(j.at("measured_seconds").get<double>() == 60);
  CHECK(j.at("warmup_seconds").get<double>() == 30);
  CHECK(j.at("warehouses").get<int>() == 2);
  CHECK(j.at("terminals").get<int>() == 20);
  CHECK(j.at("mode") == "procedures");
  CHECK(j.at("profile") == "rw");

  const auto& txns = j.at("transactions");
  CHECK(txns.size() == 5);
  for (const char* name : {"new_order", "payment", "order_status", "delivery", "stock_level"}) {
    INFO(name);
    REQUIRE(txns.contains(name));
    const auto& t = txns.at(name);
    for (const char* field : {"count", "rollbacks", "errors", "retries", "latency_ms"}) {
      INFO(field);
      CHECK(t.contains(field));
    }
    for (const char* p : {"avg", "p50", "p90", "p95", "p99", "max"}) {
      INFO(p);
      CHECK(t.at("latency_ms").at(p).is_number());
    }
  }
  const auto& no = txns.at("new_order");
  CHECK(no.at("count").get<int>() == 594);
  CHECK(no.at("rollbacks").get<int>() == 6);
  CHECK(no.at("errors").get<int>() == 2);
  CHECK(no.at("retries").get<int>() == 5);
  CHECK(no.at("latency_ms").at("p90").get<double>() == Approx(2.0).epsilon(0.01));
  CHECK(no.at("latency_ms").at("max").get<double>() == 2.0);
  CHECK(no.at("latency_ms").at("avg").get<double>() == 2.0);  // exact, from the sum
  CHECK(txns.at("delivery").at("latency_ms").at("p50").get<double>() == Approx(8.0).epsilon(0.01));
  CHECK(txns.at("payment").at("count").get<int>() == 570);

  // Additions.
  CHECK(j.at("tpmC_includes_rollbacks") == true);
  // 5.2.5: without keying and think times the field is kept, but null.
  CHECK(j.at("efficiency").is_null());
  CHECK(j.at("efficiency_meaningful") == false);
  config.keying_and_thinking = true;
  const auto paced = nlohmann::json::parse(
      tpcc::result_json(config, sample_info(), sample_run(),
                        tpcc::test::verdict_of(config, sample_info(), sample_run())));
  CHECK(paced.at("efficiency").get<double>() == Approx(600 / (12.86 * 2) * 100).epsilon(0.001));
  CHECK(paced.at("efficiency_meaningful") == true);
  CHECK(j.at("started_at") == "2026-01-02T03:04:05+0000");
  CHECK(j.at("interrupted") == false);
  CHECK(j.at("reconnects").get<int>() == 1);
  CHECK(j.at("audits").is_array());
  CHECK(j.at("audits").size() == 6);  // 2.7.4.2 is disclosed under "delivery"
  CHECK(j.at("tool_version").is_string());
  CHECK_FALSE(j.contains("standby"));
}

// Two standbys of a combined run: the first with lag figures from three
// measured samples, the second without any.
tpcc::RunInfo combined_info() {
  tpcc::RunInfo info = sample_info();
  tpcc::StandbyRun first;
  first.stats = tpcc::RunStats(tpcc::kTxnTypes);
  first.target = "host=standby1 port=5432";
  first.terminals = 4;
  record(first.stats.txn[tpcc::kOrderStatus], 120, 700);
  record(first.stats.txn[tpcc::kStockLevel], 60, 900);
  first.stats.txn[tpcc::kStockLevel].retries = 3;
  std::vector<tpcc::LagSample> samples(3);
  for (std::size_t i = 0; i < samples.size(); ++i) {
    samples[i].measured = true;
    tpcc::LagReading r;
    r.application_name = "sb1";
    r.client_addr = "127.0.0.1";
    r.replay_lag_ms = 1.0 + static_cast<double>(i);
    r.bytes_behind = 1000.0 * static_cast<double>(i + 1);
    r.replay_delay_ms = 10.0;
    samples[i].readings.push_back(r);
  }
  first.lag = tpcc::lag_figures(samples, 0);
  tpcc::StandbyRun second;
  second.stats = tpcc::RunStats(tpcc::kTxnTypes);
  second.target = "host=standby2 port=5432";
  second.terminals = 2;
  record(second.stats.txn[tpcc::kOrderStatus], 30, 700);
  info.standbys = {first, second};
  return info;
}

TEST_CASE("report result.json carries the standby side when there is one", "[report]") {
  tpcc::RunInfo info = combined_info();
  info.standbys.resize(1);
  const auto j = nlohmann::json::parse(
      tpcc::result_json(tpcc::Config{}, info, sample_run(),
                        tpcc::test::verdict_of(tpcc::Config{}, info, sample_run())));
  REQUIRE(j.contains("standby"));
  CHECK_FALSE(j.contains("standbys"));
  const auto& sb = j.at("standby");
  CHECK(sb.at("tpmC").get<double>() == 0);
  CHECK(sb.at("tpmTOTAL").get<double>() == Approx(180));
  CHECK(sb.at("profile") == "ro");
  CHECK(sb.at("retries").get<int>() == 3);
  CHECK(sb.at("transactions").at("order_status").at("count").get<int>() == 120);
  CHECK(sb.at("transactions").at("new_order").at("count").get<int>() == 0);
  const auto& lag = sb.at("replication_lag");
  CHECK(lag.at("application_name") == "sb1");
  CHECK(lag.at("client_addr") == "127.0.0.1");
  CHECK(lag.at("samples").get<int>() == 3);
  CHECK(lag.at("replay_lag_ms").at("p50").get<double>() == 2.0);
  CHECK(lag.at("replay_lag_ms").at("max").get<double>() == 3.0);
  CHECK(lag.at("bytes_behind").at("p99").get<double>() == 3000);
  CHECK(lag.at("replay_delay_ms").at("p50").get<double>() == 10.0);
  CHECK(lag.at("write_lag_ms").is_null());  // never read
}

TEST_CASE("report result.json lists every standby when there are several", "[report]") {
  const auto j = nlohmann::json::parse(
      tpcc::result_json(tpcc::Config{}, combined_info(), sample_run(),
                        tpcc::test::verdict_of(tpcc::Config{}, combined_info(), sample_run())));
  REQUIRE(j.at("standbys").size() == 2);
  CHECK(j.at("standbys").at(0) == j.at("standby"));
  CHECK(j.at("standbys").at(1).at("tpmTOTAL").get<double>() == Approx(30));
  CHECK(j.at("standbys").at(1).at("replication_lag").at("samples").get<int>() == 0);
  CHECK(j.at("standbys").at(1).at("replication_lag").at("replay_lag_ms").is_null());
}

TEST_CASE("report summary shows each standby's tpmTOTAL, lag and transactions", "[report]") {
  const std::string text = summary_text(tpcc::Config{}, combined_info(), sample_run());
  const auto first = text.find("Standby 1 (read-only, host=standby1 port=5432), 4 terminals:");
  const auto second = text.find("Standby 2 (read-only, host=standby2 port=5432), 2 terminals:");
  REQUIRE(first != std::string::npos);
  REQUIRE(second != std::string::npos);
  CHECK(first < second);
  const std::string standby1 = text.substr(first, second - first);
  CHECK(standby1.find("tpmTOTAL: 180.0") != std::string::npos);
  CHECK(standby1.find("replay lag") != std::string::npos);
  CHECK(standby1.find("2.00ms / 3.00ms / 3.00ms") != std::string::npos);
  CHECK(standby1.find("2.9 kB / 2.9 kB / 2.9 kB") == std::string::npos);
  CHECK(standby1.find("2.0 kB / 2.9 kB / 2.9 kB") != std::string::npos);
  CHECK(standby1.find("Order-Status") != std::string::npos);
  // The primary's figures come first, unchanged.
  CHECK(text.find("tpmC: 600.0") < first);
}

TEST_CASE("report standby interval line shows tpmTOTAL and the lag reading", "[report]") {
  tpcc::IntervalSample sample;
  sample.stats = tpcc::RunStats(tpcc::kTxnTypes);
  sample.end_seconds = 10;
  sample.length_seconds = 10;
  record(sample.stats.txn[tpcc::kOrderStatus], 200, 1000);
  record(sample.stats.txn[tpcc::kStockLevel], 100, 1000);
  tpcc::LagReading lag;
  lag.replay_lag_ms = 2.5;
  lag.bytes_behind = 16384;
  lag.replay_delay_ms = 15;
  CHECK(tpcc::format_standby_interval_line(1, sample, &lag) ==
        "[ 10s ] standby 1: tpmTOTAL: 1800 p90: 1.00ms p99: 1.00ms err/s: 0 retries: 0 "
        "lag: replay 2.50ms, 16.0 kB behind, last replay 15.0ms ago");
  CHECK(tpcc::format_standby_interval_line(2, sample, nullptr).find("lag") == std::string::npos);
  CHECK(tpcc::format_lag_reading(tpcc::LagReading{}) == "n/a");
}

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
