// A sysbench oltp run's end: sysbench 1.0's final block and --histogram
// (workloads/sysbench/report/sysbench_summary.cpp), its result.json figures
// (workloads/sysbench/report/sysbench_json.cpp) and intervals.csv
// (workloads/sysbench/report/sysbench_intervals.cpp), from figures made by hand.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <string>

#include "config/config.hpp"
#include "metrics/run.hpp"
#include "report/results/result_json.hpp"
#include "tests/unit/report/verdict_of.hpp"
#include "workloads/sysbench/report/sysbench_intervals.hpp"
#include "workloads/sysbench/report/sysbench_summary.hpp"

namespace {

// 100 events of 2 ms and 1 of 40 ms in 10 s: 14 reads, 4 writes and 2
// other statements each, one retried.
tpcc::RunStats oltp_stats() {
  tpcc::RunStats stats(1);
  for (int i = 0; i < 100; ++i) {
    ++stats.txn[0].committed;
    stats.txn[0].latency.record(2000);
  }
  ++stats.txn[0].committed;
  stats.txn[0].latency.record(40000);
  stats.txn[0].retries = 1;
  stats.statements.reads = 101 * 14;
  stats.statements.writes = 101 * 4;
  stats.statements.other = 101 * 2;
  return stats;
}

// One interval line of 10 s with oltp_stats().
tpcc::IntervalSample ten_second_sample() {
  tpcc::IntervalSample sample;
  sample.stats = tpcc::RunStats(tpcc::kTxnTypes);
  sample.end_seconds = 10;
  sample.length_seconds = 10;
  sample.stats = oltp_stats();
  return sample;
}

tpcc::Config oltp_config() {
  tpcc::Config config;
  config.workload = tpcc::WorkloadKind::SysbenchOltp;
  config.oltp.test = tpcc::OltpTest::ReadWrite;
  config.terminals = 2;
  return config;
}

tpcc::RunInfo ten_seconds() {
  tpcc::RunInfo info;
  info.measured_seconds = 10;
  info.terminals = 2;
  return info;
}

// ten_seconds() with its two terminals' share of oltp_stats(): 51 events
// (50 of 2 ms and the 40 ms one) and 50 of 2 ms.
tpcc::RunInfo ten_seconds_two_terminals() {
  tpcc::RunInfo info = ten_seconds();
  info.terminal_totals.events = {51, 50};
  info.terminal_totals.busy_micros = {140000, 100000};
  return info;
}

}  // namespace

TEST_CASE("sysbench final block: transactions, queries by kind and latency as sysbench prints them",
          "[sysbench_summary]") {
  const std::string block = tpcc::sysbench_final_block(oltp_config(), ten_seconds(), oltp_stats());
  INFO(block);
  CHECK(block.find("        read:                            1414\n") != std::string::npos);
  CHECK(block.find("        write:                           404\n") != std::string::npos);
  CHECK(block.find("        other:                           202\n") != std::string::npos);
  CHECK(block.find("        total:                           2020\n") != std::string::npos);
  CHECK(block.find("    transactions:                        101    (10.10 per sec.)") !=
        std::string::npos);
  CHECK(block.find("    queries:                             2020   (202.00 per sec.)") !=
        std::string::npos);
  CHECK(block.find("    ignored errors:                      1      (0.10 per sec.)") !=
        std::string::npos);
  CHECK(block.find("    total time:                          10.0000s") != std::string::npos);
  CHECK(block.find("    total number of events:              101") != std::string::npos);
  // The mean is exact (from the sum): (100 x 2 + 40) / 101 ms.
  CHECK(block.find("         avg:                                    2.38") != std::string::npos);
  CHECK(block.find("         max:                                   40.00") != std::string::npos);
  CHECK(block.find("         sum:                                  240.00") != std::string::npos);
  CHECK(block.find("         95th percentile:") != std::string::npos);
  // The min is the shortest event's, not a bucket's value.
  CHECK(block.find("         min:                                    2.00") != std::string::npos);
  // Without the terminals' figures, no fairness block rather than zeros.
  CHECK(block.find("Threads fairness") == std::string::npos);
  // A clean run: nothing under the block.
  CHECK(block.find("not retried") == std::string::npos);
}

TEST_CASE(
    "sysbench final block: threads fairness from each terminal's events and time, as "
    "sysbench 1.0.20 prints it",
    "[sysbench_summary]") {
  const std::string block =
      tpcc::sysbench_final_block(oltp_config(), ten_seconds_two_terminals(), oltp_stats());
  INFO(block);
  CHECK(block.find("         sum:                                  240.00\n"
                   "\n"
                   "Threads fairness:\n"
                   "    events (avg/stddev):           50.5000/0.50\n"
                   "    execution time (avg/stddev):   0.1200/0.02\n") != std::string::npos);
  // A min inside a wide bucket (1,000,003 µs): printed exactly.
  tpcc::LatencyHistogram slow;
  slow.record(1000003);
  slow.record(1500000);
  tpcc::RunStats slow_stats(1);
  slow_stats.txn[0].committed = 2;
  slow_stats.txn[0].latency = slow;
  const std::string slow_block =
      tpcc::sysbench_final_block(oltp_config(), ten_seconds(), slow_stats);
  INFO(slow_block);
  CHECK(slow_block.find("         min:                                 1000.00\n") !=
        std::string::npos);
}

TEST_CASE("sysbench final block: percentile 0 disables it, errors are named under the block",
          "[sysbench_summary]") {
  tpcc::Config config = oltp_config();
  config.sysbench_percentile = 0;
  tpcc::RunStats stats = oltp_stats();
  stats.txn[0].errors = 3;
  const std::string block = tpcc::sysbench_final_block(config, ten_seconds(), stats);
  INFO(block);
  CHECK(block.find("         percentile stats:               disabled") != std::string::npos);
  CHECK(block.find("    errors (not retried):                3      (0.30 per sec.)") !=
        std::string::npos);
}

TEST_CASE("sysbench histogram: one line per non-empty bucket, the fullest with 40 stars",
          "[sysbench_summary]") {
  const tpcc::RunStats stats = oltp_stats();
  const std::string text = tpcc::sysbench_latency_histogram(stats.txn[0].latency);
  INFO(text);
  CHECK(text.rfind("Latency histogram (values are in milliseconds)\n", 0) == 0);
  CHECK(text.find("|" + std::string(40, '*') + " 100\n") != std::string::npos);
  CHECK(text.find("|*" + std::string(39, ' ') + " 1\n") != std::string::npos);
  CHECK(tpcc::sysbench_latency_histogram(tpcc::LatencyHistogram()).empty());
}

TEST_CASE("sysbench result.json: the workload's name and sysbench's figures, no TPC-C figures",
          "[sysbench_summary]") {
  const tpcc::RunStats stats = oltp_stats();
  const auto j = nlohmann::json::parse(
      tpcc::result_json(oltp_config(), ten_seconds(), stats,
                        tpcc::test::verdict_of(oltp_config(), ten_seconds(), stats)));
  CHECK(j.at("workload") == "oltp_read_write");
  CHECK(j.at("sysbench").at("transactions") == 101);
  CHECK(j.at("sysbench").at("tps") == Approx(10.1));
  CHECK(j.at("sysbench").at("qps") == Approx(202.0));
  CHECK(j.at("sysbench").at("queries").at("read") == 1414);
  CHECK(j.at("sysbench").at("ignored_errors") == 1);
  CHECK(j.at("sysbench").at("latency_ms").at("max") == Approx(40.0));
  CHECK(j.at("sysbench").at("latency_ms").contains("p95"));
  CHECK_FALSE(j.contains("tpmC"));
  CHECK_FALSE(j.contains("run_rules"));
  // A TPC-C run says which workload ran too.
  const auto tpcc_json = nlohmann::json::parse(tpcc::result_json(
      tpcc::Config{}, ten_seconds(), tpcc::RunStats(tpcc::kTxnTypes),
      tpcc::test::verdict_of(tpcc::Config{}, ten_seconds(), tpcc::RunStats(tpcc::kTxnTypes))));
  CHECK(tpcc_json.at("workload") == "tpcc");
  CHECK(tpcc_json.contains("tpmC"));
  CHECK_FALSE(tpcc_json.contains("sysbench"));
}

TEST_CASE("sysbench intervals.csv: a header and one row of sysbench's per-second figures",
          "[sysbench_summary]") {
  const std::string csv = tpcc::sysbench_intervals_csv({ten_second_sample()}, {}, 2, 95, false);
  INFO(csv);
  CHECK(csv.rfind("elapsed_s,warmup,threads,tps,qps,reads_per_s,writes_per_s,other_per_s,"
                  "lat_p95_ms,errors_per_s,reconnects_per_s,retries,downtime_s,stalled\n",
                  0) == 0);
  CHECK(csv.find("\n10.0,0,2,10.10,202.00,141.40,40.40,20.20,") != std::string::npos);
}

TEST_CASE("sysbench intervals.csv: a standby's side and its lag after the primary's columns",
          "[sysbench_summary]") {
  tpcc::IntervalSample primary = ten_second_sample();
  tpcc::LagReading lag;
  lag.replay_lag_ms = 1.5;
  lag.bytes_behind = 4096;
  primary.lag = {lag};
  tpcc::StandbyRun standby;
  standby.stats = tpcc::RunStats(tpcc::kTxnTypes);
  standby.intervals = {primary};
  standby.intervals[0].active_terminals = 3;
  standby.intervals[0].stats.statements = {};
  const std::string csv = tpcc::sysbench_intervals_csv({primary}, {standby}, 2, 95, false);
  INFO(csv);
  CHECK(csv.find(",stalled,standby1_threads,standby1_tps,standby1_qps,standby1_lat_p95_ms,"
                 "standby1_errors_per_s,standby1_write_lag_ms,standby1_flush_lag_ms,"
                 "standby1_replay_lag_ms,standby1_bytes_behind,standby1_replay_delay_ms\n") !=
        std::string::npos);
  // The standby's 101 transactions and no statements in 10 s, then the lag
  // with the readings it has.
  CHECK(csv.find(",3,10.10,0.00,") != std::string::npos);
  CHECK(csv.find(",,,1.500,4096,\n") != std::string::npos);
  // A standby without a line for the interval leaves its columns empty.
  standby.intervals.clear();
  const std::string missing = tpcc::sysbench_intervals_csv({primary}, {standby}, 2, 95, false);
  CHECK(missing.find(",,,,,,,1.500,4096,\n") != std::string::npos);
}
