// --report-format sysbench: the interval line in sysbench's shape
// (report/console/interval_line.cpp) and the statement counts by command tag that
// give its qps (db/statement_counts.cpp).
#include <catch2/catch.hpp>

#include <regex>
#include <string>
#include <vector>

#include "config/config.hpp"

#include "db/statement_counts.hpp"
#include "metrics/run.hpp"
#include "report/console/interval_line.hpp"
#include "tests/unit/support.hpp"

namespace {

using tpcc::test::record;

// sysbench 1.0's interval line, as its database drivers print it.
const std::regex kSysbenchShape(
    R"(\[ \d+s \] thds: \d+ tps: \d+\.\d\d qps: \d+\.\d\d \(r/w/o: \d+\.\d\d/\d+\.\d\d/\d+\.\d\d\) )"
    R"(lat \(ms,95%\): \d+\.\d\d err/s: \d+\.\d\d reconn/s: \d+\.\d\d)");

// An empty interval of `length` seconds ending `end` seconds into the run.
tpcc::IntervalSample empty_sample(double end, double length) {
  tpcc::IntervalSample sample;
  sample.stats = tpcc::RunStats(tpcc::kTxnTypes);
  sample.end_seconds = end;
  sample.length_seconds = length;
  return sample;
}

// A 2 s interval ending 4 s into the run: 20 transactions (one a spec
// rollback), 300 statements, 4 errors, 1 reconnect.
tpcc::IntervalSample two_second_sample() {
  tpcc::IntervalSample sample = empty_sample(4, 2);
  record(sample.stats.txn[tpcc::kNewOrder], 9, 2000);
  sample.stats.txn[tpcc::kNewOrder].rolled_back = 1;
  sample.stats.txn[tpcc::kNewOrder].latency.record(2000);
  record(sample.stats.txn[tpcc::kPayment], 10, 1000);
  sample.stats.txn[tpcc::kPayment].errors = 4;
  sample.stats.reconnects = 1;
  sample.stats.statements.reads = 140;
  sample.stats.statements.writes = 100;
  sample.stats.statements.other = 60;
  return sample;
}

}  // namespace

TEST_CASE("sysbench line: every figure per second of the interval, in sysbench's order",
          "[report][sysbench]") {
  const std::string line = tpcc::format_sysbench_interval_line(two_second_sample(), 64);
  // tps 20 / 2 s; qps 300 / 2 s; p95 of ten 2 ms and ten 1 ms responses.
  CHECK(line ==
        "[ 4s ] thds: 64 tps: 10.00 qps: 150.00 (r/w/o: 70.00/50.00/30.00) "
        "lat (ms,95%): 2.00 err/s: 2.00 reconn/s: 0.50");
  CHECK(std::regex_match(line, kSysbenchShape));
}

TEST_CASE(
    "sysbench line: TPC-C's is sysbench-tpcc's, through sysbench's Lua reporter (no colon "
    "after err/s), chosen by the workload",
    "[report][sysbench]") {
  // sysbench 1.0.20's sysbench.report_default (src/lua/internal/sysbench.lua).
  CHECK(tpcc::format_sysbench_interval_line(two_second_sample(), 64, 95,
                                            tpcc::SysbenchReporter::Lua) ==
        "[ 4s ] thds: 64 tps: 10.00 qps: 150.00 (r/w/o: 70.00/50.00/30.00) "
        "lat (ms,95%): 2.00 err/s 2.00 reconn/s: 0.50");
  tpcc::Config config;
  config.terminals = 64;
  config.report_format = tpcc::ReportFormat::Sysbench;
  const std::vector<tpcc::IntervalSample> samples = {two_second_sample()};
  CHECK_THAT(tpcc::interval_lines(samples, config).at(0),
             Catch::Contains(" err/s 2.00 reconn/s: 0.50"));
  config.workload = tpcc::WorkloadKind::SysbenchOltp;
  CHECK_THAT(tpcc::interval_lines(samples, config).at(0),
             Catch::Contains(" err/s: 2.00 reconn/s: 0.50"));
}

TEST_CASE("sysbench line: the 95th percentile is the interval's, to within the histogram's 1%",
          "[report][sysbench]") {
  tpcc::IntervalSample sample = empty_sample(1, 1);
  record(sample.stats.txn[tpcc::kStockLevel], 95, 1000);
  record(sample.stats.txn[tpcc::kDelivery], 5, 40000);
  std::smatch m;
  const std::string line = tpcc::format_sysbench_interval_line(sample, 2);
  REQUIRE(std::regex_search(line, m, std::regex(R"(lat \(ms,95%\): ([0-9.]+))")));
  CHECK(std::stod(m[1]) == Approx(1.0).epsilon(0.01));
  // One more slow response moves the 95th percentile onto the slow ones.
  record(sample.stats.txn[tpcc::kDelivery], 1, 40000);
  const std::string slower = tpcc::format_sysbench_interval_line(sample, 2);
  REQUIRE(std::regex_search(slower, m, std::regex(R"(lat \(ms,95%\): ([0-9.]+))")));
  CHECK(std::stod(m[1]) == Approx(40.0).epsilon(0.01));
}

TEST_CASE("sysbench line: an empty interval prints zeros as sysbench does", "[report][sysbench]") {
  tpcc::IntervalSample sample = empty_sample(1, 1);
  CHECK(tpcc::format_sysbench_interval_line(sample, 1) ==
        "[ 1s ] thds: 1 tps: 0.00 qps: 0.00 (r/w/o: 0.00/0.00/0.00) lat (ms,95%): 0.00 "
        "err/s: 0.00 reconn/s: 0.00");
}

TEST_CASE("sysbench line: warm-up, downtime and stalls are marked after sysbench's fields",
          "[report][sysbench]") {
  tpcc::IntervalSample sample = two_second_sample();
  sample.warmup = true;
  sample.downtime_seconds = 1.5;
  sample.stalled = 2;
  sample.oldest_stalled_seconds = 6;
  const std::string line = tpcc::format_sysbench_interval_line(sample, 64);
  CHECK_THAT(line,
             Catch::EndsWith("reconn/s: 0.50 SERVER UNREACHABLE 1.5s STALLED: 2 in flight, oldest "
                             "6.0s (warm-up)"));
  // The tpcc line keeps its marks in the same order.
  CHECK_THAT(tpcc::format_interval_line(sample),
             Catch::EndsWith("SERVER UNREACHABLE 1.5s STALLED: 2 in flight, oldest 6.0s "
                             "(warm-up)"));
}

TEST_CASE("statement counts: the server's command tag decides read, write or other",
          "[report][sysbench]") {
  tpcc::StatementCounts counts;
  for (const char* tag : {"SELECT 1", "SELECT 0"}) tpcc::count_command_tag(counts, tag);
  for (const char* tag : {"INSERT 0 1", "UPDATE 10", "DELETE 3", "COPY 5"}) {
    tpcc::count_command_tag(counts, tag);
  }
  for (const char* tag : {"BEGIN", "COMMIT", "ROLLBACK", "SET", "SELECTX 1", ""}) {
    tpcc::count_command_tag(counts, tag);
  }
  tpcc::count_command_tag(counts, nullptr);
  CHECK(counts.reads == 2);
  CHECK(counts.writes == 4);
  CHECK(counts.other == 7);
  CHECK(counts.total() == 13);

  tpcc::StatementCounts more;
  more.reads = 1;
  more.writes = 2;
  more.other = 3;
  counts.merge(more);
  CHECK(counts.reads == 3);
  CHECK(counts.writes == 6);
  CHECK(counts.other == 10);
}

TEST_CASE("statement counts: merged with the rest of the run's stats", "[report][sysbench]") {
  tpcc::RunStats a(tpcc::kTxnTypes);
  a.statements.reads = 5;
  tpcc::RunStats b(tpcc::kTxnTypes);
  b.statements.reads = 2;
  b.statements.other = 1;
  a.merge(b);
  CHECK(a.statements.reads == 7);
  CHECK(a.statements.other == 1);
}
