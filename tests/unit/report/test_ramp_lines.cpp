// --ramp in the interval lines and intervals.csv: the terminals started so
// far while the ramp lasts.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "metrics/run.hpp"
#include "report/console/interval_line.hpp"
#include "report/results/result_files.hpp"

TEST_CASE("ramp: interval lines show the terminals started while the ramp lasts", "[report]") {
  tpcc::IntervalSample sample;
  sample.stats = tpcc::RunStats(tpcc::kTxnTypes);
  sample.end_seconds = 10;
  sample.length_seconds = 10;
  sample.warmup = true;
  sample.terminals = 40;
  sample.active_terminals = 12;
  CHECK_THAT(tpcc::format_interval_line(sample), Catch::EndsWith(" terminals: 12/40 (warm-up)"));
  CHECK(tpcc::format_sysbench_interval_line(sample, 40).find(" thds: 12 ") != std::string::npos);
  // All started: nothing said.
  sample.active_terminals = 40;
  CHECK(tpcc::format_interval_line(sample).find("terminals:") == std::string::npos);
  CHECK(tpcc::format_sysbench_interval_line(sample, 40).find(" thds: 40 ") != std::string::npos);
  // A sample that does not know (read back from a file) says nothing either.
  sample.terminals = 0;
  sample.active_terminals = 0;
  CHECK(tpcc::format_interval_line(sample).find("terminals:") == std::string::npos);
}

TEST_CASE("ramp: intervals.csv ends in the active terminals column", "[report]") {
  std::vector<tpcc::IntervalSample> intervals(2);
  for (tpcc::IntervalSample& sample : intervals) sample.stats = tpcc::RunStats(tpcc::kTxnTypes);
  intervals[0].end_seconds = 5;
  intervals[0].length_seconds = 5;
  intervals[0].warmup = true;
  intervals[0].terminals = 8;
  intervals[0].active_terminals = 3;
  intervals[1].end_seconds = 10;
  intervals[1].length_seconds = 5;
  intervals[1].terminals = 8;
  intervals[1].active_terminals = 8;
  for (const bool server_metrics : {false, true}) {
    std::istringstream in(tpcc::intervals_csv(intervals, {}, server_metrics));
    std::string header, row1, row2;
    std::getline(in, header);
    std::getline(in, row1);
    std::getline(in, row2);
    CHECK_THAT(header, Catch::EndsWith(",active_terminals"));
    CHECK_THAT(row1, Catch::EndsWith(",3"));
    CHECK_THAT(row2, Catch::EndsWith(",8"));
  }
}
