// The console: interval lines and the summary, for the primary and its standbys.
#include <catch2/catch.hpp>

#include <regex>
#include <string>

#include "metrics/run.hpp"
#include "report/console/interval_line.hpp"
#include "report/views/lag_text.hpp"
#include "tests/unit/report/output_samples.hpp"
#include "tests/unit/support.hpp"

namespace {

using tpcc::RunStats;
using tpcc::test::combined_info;
using tpcc::test::line_starting;
using tpcc::test::record;
using tpcc::test::sample_info;
using tpcc::test::sample_run;
using tpcc::test::summary_text;

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
