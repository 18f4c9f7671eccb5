// pgbench's -R on the console and in result.json
// (workloads/pgbench/report/pgbench_summary.cpp, workloads/pgbench/report/pgbench_json.cpp)
// from figures made by hand: the progress line's lag and skipped, the final
// block's schedule lag line, result.json's schedule_lag_ms.
#include <catch2/catch.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include "workloads/pgbench/report/pgbench_json.hpp"
#include "workloads/pgbench/report/pgbench_summary.hpp"

namespace {

// 10 committed of 1 ms, lags 1 ms (x5) and 3 ms (x4) and 9.5 ms; 7 skipped,
// 2 failed.
tpcc::RunStats lagging() {
  tpcc::RunStats stats(2);
  for (int i = 0; i < 10; ++i) stats.txn[0].latency.record(1000);
  stats.txn[0].committed = 10;
  stats.txn[1].errors = 2;
  for (int i = 0; i < 5; ++i) stats.txn[0].schedule_lag.record(1000);
  for (int i = 0; i < 4; ++i) stats.txn[1].schedule_lag.record(3000);
  stats.txn[1].schedule_lag.record(9500);
  stats.txn[0].skipped = 4;
  stats.txn[1].skipped = 3;
  return stats;
}

tpcc::IntervalSample sample() {
  tpcc::IntervalSample s;
  s.stats = tpcc::RunStats(tpcc::kTxnTypes);
  s.end_seconds = 2;
  s.length_seconds = 1;
  s.stats = lagging();
  return s;
}

tpcc::PgbenchRunFacts facts() {
  tpcc::PgbenchRunFacts f;
  f.script_titles = {"<builtin: TPC-B (sort of)>"};
  f.script_weights = {1};
  f.query_mode = "simple";
  f.duration_seconds = 10;
  return f;
}

}  // namespace

TEST_CASE("pgbench schedule lag: the progress line's lag and skipped", "[pgbench]") {
  const std::string plain = tpcc::pgbench_progress_line(sample());
  CHECK(plain.rfind("progress: 2.0 s, 10.0 tps, lat 1.", 0) == 0);
  CHECK(plain.size() > 10);
  CHECK(plain.compare(plain.size() - 10, 10, ", 2 failed") == 0);
  // -L alone adds nothing.
  CHECK(tpcc::pgbench_progress_line(sample(), {false, true}) == plain);
  // -R: the mean lag, (5 + 12 + 9.5) / 10 ms.
  CHECK(tpcc::pgbench_progress_line(sample(), {true, false}) == plain + ", lag 2.650 ms");
  // -R with -L: and the interval's skipped.
  CHECK(tpcc::pgbench_progress_line(sample(), {true, true}) == plain + ", lag 2.650 ms, 7 skipped");
  // The primary's line only: a standby is never rate limited.
  tpcc::IntervalSample standby = sample();
  const auto lines = tpcc::pgbench_progress_lines({sample(), standby}, {true, true});
  REQUIRE(lines.size() == 2);
  CHECK(lines[0] == plain + ", lag 2.650 ms, 7 skipped");
  CHECK(lines[1] == "standby 1: " + plain);
}

TEST_CASE("pgbench schedule lag: the final block's line under -R", "[pgbench]") {
  tpcc::RunInfo info;
  info.measured_seconds = 10;
  tpcc::PgbenchRunFacts f = facts();
  CHECK(tpcc::pgbench_final_block(f, info, lagging()).find("schedule lag") == std::string::npos);
  f.rate_limited = true;
  const std::string block = tpcc::pgbench_final_block(f, info, lagging());
  INFO(block);
  // Between the latency stddev and the initial connection time.
  const std::size_t lag =
      block.find("\nrate limit schedule lag: avg 2.650 (max 9.500) ms\ninitial connection time = ");
  REQUIRE(lag != std::string::npos);
  const std::size_t stddev = block.rfind("\nlatency stddev = ", lag);
  REQUIRE(stddev != std::string::npos);
  CHECK(block.find('\n', stddev + 1) == lag);
}

TEST_CASE("pgbench schedule lag: result.json's schedule_lag_ms under -R", "[pgbench]") {
  tpcc::Config config;
  config.workload = tpcc::WorkloadKind::Pgbench;
  tpcc::RunInfo info;
  info.measured_seconds = 10;
  CHECK_FALSE(tpcc::pgbench_figures_json(config, info, lagging()).contains("schedule_lag_ms"));
  config.rate_tpm = 600;
  const nlohmann::json j = tpcc::pgbench_figures_json(config, info, lagging());
  CHECK(j.at("schedule_lag_ms").at("average") == 2.65);
  CHECK(j.at("schedule_lag_ms").at("max") == 9.5);
}
