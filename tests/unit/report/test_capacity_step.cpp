// tpcc capacity: a step's verdict from the run rules a short run can meet
// (the run's own 5.2.5.3 and 5.2.3 verdicts), the efficiency floor over
// the active warehouses, the New-Order p90 against --latency-limit without
// pacing, and the steps that are no verdict on the load (a lost server,
// hung transactions).
#include <catch2/catch.hpp>

#include <cmath>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "report/console/capacity_table.hpp"
#include "report/html/capacity_page.hpp"
#include "report/results/capacity_json.hpp"
#include "report/rules/capacity_step.hpp"
#include "tests/unit/report/run_rules_support.hpp"
#include "tests/unit/report/verdict_of.hpp"
#include "tests/unit/support.hpp"

namespace {

using tpcc::CapacityStep;
using tpcc::CapacityVerdict;

// The compliant run of the rules' tests: 45,000 New-Orders (450 of them
// rolled back) in two hours, 375 tpmC; over 30 active warehouses an
// efficiency of 97.2 %.
constexpr int kCarried = 30;

std::string why(const CapacityStep& step) {
  std::string out;
  for (const auto& w : step.why) out += w + "\n";
  return out;
}

bool mentions(const CapacityStep& step, const std::string& text) {
  return why(step).find(text) != std::string::npos;
}

}  // namespace

TEST_CASE("capacity step: a run within every short-run rule passes", "[capacity]") {
  const tpcc::test::Compliant run;
  const CapacityStep step =
      tpcc::judge_capacity_step(run.config, run.info, run.stats,
                                tpcc::test::verdict_of(run.config, run.info, run.stats), kCarried);
  INFO(why(step));
  CHECK(step.verdict == CapacityVerdict::Pass);
  CHECK(step.tpmc == Approx(375));
  REQUIRE(step.efficiency.has_value());
  CHECK(*step.efficiency == Approx(375 / (12.86 * kCarried) * 100));
  REQUIRE(step.new_order_p90_ms.has_value());
  CHECK(*step.new_order_p90_ms == Approx(200).epsilon(0.02));
}

TEST_CASE("capacity step: efficiency below the floor over the active warehouses fails",
          "[capacity]") {
  const tpcc::test::Compliant run;
  // The same tpmC from 35 active warehouses is 83.3 % of their ceiling.
  const CapacityStep step = tpcc::judge_capacity_step(
      run.config, run.info, run.stats, tpcc::test::verdict_of(run.config, run.info, run.stats), 35);
  CHECK(step.verdict == CapacityVerdict::Fail);
  CHECK(mentions(step, "efficiency 83.3% below the floor 85.0%"));
  tpcc::Config no_floor = run.config;
  no_floor.efficiency_floor = 0;
  CHECK(tpcc::judge_capacity_step(no_floor, run.info, run.stats,
                                  tpcc::test::verdict_of(no_floor, run.info, run.stats), 35)
            .verdict == CapacityVerdict::Pass);
}

TEST_CASE("capacity step: scaled think times make efficiency no measure, not a failure",
          "[capacity]") {
  tpcc::test::Compliant run;
  run.config.think_multiplier = 0.1;
  run.config.keying_multiplier = 0.1;
  const CapacityStep step =
      tpcc::judge_capacity_step(run.config, run.info, run.stats,
                                tpcc::test::verdict_of(run.config, run.info, run.stats), 1000);
  CHECK_FALSE(step.efficiency.has_value());
  CHECK_FALSE(mentions(step, "efficiency"));
}

TEST_CASE("capacity step: 5.2.5.3 a 90th percentile over its limit fails", "[capacity]") {
  tpcc::test::Compliant run;
  // Stock-Level's limit is 20 s: its responses all take 21 s.
  auto& sl = run.stats.txn[tpcc::kStockLevel];
  sl.latency = tpcc::LatencyHistogram();
  for (int i = 0; i < 4000; ++i) sl.latency.record(21'000'000);
  const CapacityStep step =
      tpcc::judge_capacity_step(run.config, run.info, run.stats,
                                tpcc::test::verdict_of(run.config, run.info, run.stats), kCarried);
  CHECK(step.verdict == CapacityVerdict::Fail);
  CHECK(mentions(step, "5.2.5.3 Stock-Level 90th percentile"));
}

TEST_CASE("capacity step: 5.2.3 the mix is judged once a whole deck was dealt", "[capacity]") {
  tpcc::test::Compliant run;
  // Payment short of its 43 %: 40 % of the completed.
  run.stats.txn[tpcc::kPayment].committed = 40000;
  run.stats.txn[tpcc::kNewOrder].committed += 3000;
  SECTION("with whole decks the short share fails the step") {
    run.stats.whole_decks = 100;
    run.stats.decks_touched = 110;
    for (std::size_t i = 0; i < tpcc::kTxnTypes; ++i) {
      run.stats.whole_deck_completed[i] = tpcc::completed(run.stats.txn[i]);
    }
    const CapacityStep step = tpcc::judge_capacity_step(
        run.config, run.info, run.stats, tpcc::test::verdict_of(run.config, run.info, run.stats),
        kCarried);
    CHECK(step.verdict == CapacityVerdict::Fail);
    CHECK(mentions(step, "5.2.3 Payment share of the mix"));
  }
  SECTION("without one the few partial decks are not judged") {
    run.stats.whole_decks = 0;
    const CapacityStep step = tpcc::judge_capacity_step(
        run.config, run.info, run.stats, tpcc::test::verdict_of(run.config, run.info, run.stats),
        kCarried);
    CHECK_FALSE(mentions(step, "5.2.3"));
  }
}

TEST_CASE("capacity step: unpaced, the New-Order p90 against --latency-limit", "[capacity]") {
  tpcc::test::Compliant run;
  run.config.keying_and_thinking = false;
  run.config.latency_limit_ms = 250;  // the New-Orders take 200 ms
  const CapacityStep within = tpcc::judge_capacity_step(
      run.config, run.info, run.stats, tpcc::test::verdict_of(run.config, run.info, run.stats), 1);
  CHECK(within.verdict == CapacityVerdict::Pass);
  CHECK_FALSE(within.efficiency.has_value());
  run.config.latency_limit_ms = 150;
  const CapacityStep over = tpcc::judge_capacity_step(
      run.config, run.info, run.stats, tpcc::test::verdict_of(run.config, run.info, run.stats), 1);
  CHECK(over.verdict == CapacityVerdict::Fail);
  CHECK(mentions(over, "above --latency-limit 150 ms"));
}

TEST_CASE("capacity step: a lost server or hung transactions stop the search, not fail it",
          "[capacity]") {
  tpcc::test::Compliant run;
  SECTION("the server unreachable") {
    run.info.health.stop = tpcc::StopReason::Downtime;
    run.info.health.stop_detail = "server unreachable for 31 s";
    const CapacityStep step = tpcc::judge_capacity_step(
        run.config, run.info, run.stats, tpcc::test::verdict_of(run.config, run.info, run.stats),
        kCarried);
    CHECK(step.verdict == CapacityVerdict::Stopped);
    CHECK(mentions(step, "run stopped (max_downtime): server unreachable for 31 s"));
  }
  SECTION("transactions unfinished at the end") {
    run.stats.txn[tpcc::kPayment].unfinished = 3;
    const CapacityStep step = tpcc::judge_capacity_step(
        run.config, run.info, run.stats, tpcc::test::verdict_of(run.config, run.info, run.stats),
        kCarried);
    CHECK(step.verdict == CapacityVerdict::Stopped);
    CHECK(mentions(step, "3 transaction(s) hung"));
  }
}

TEST_CASE("capacity search output: the answer line, the table and result.json", "[capacity]") {
  CapacityStep pass;
  pass.step = 1;
  pass.dir = "step-1";
  pass.active_warehouses = 4;
  pass.terminals = 40;
  pass.tpmc = 50.9;
  pass.efficiency = 98.94;
  pass.new_order_p90_ms = 41.2;
  pass.verdict = CapacityVerdict::Pass;
  CapacityStep fail = pass;
  fail.step = 2;
  fail.dir = "step-2";
  fail.active_warehouses = 8;
  fail.efficiency = 60;
  fail.verdict = CapacityVerdict::Fail;
  fail.why = {"efficiency 60.0% below the floor 85.0%"};
  const std::vector<CapacityStep> steps = {pass, fail};

  const std::optional<CapacityStep> answer = tpcc::capacity_answer(steps, true);
  REQUIRE(answer.has_value());
  CHECK(tpcc::capacity_answer_line(answer, true) ==
        "largest passing: 4 warehouses, tpmC 50.9 (efficiency 98.9 %)");
  CHECK(tpcc::capacity_answer_line(tpcc::capacity_answer({fail}, true), true) == "no step passed");
  std::ostringstream table;
  tpcc::print_capacity_steps(table, steps, true);
  CHECK(table.str().find("FAIL") != std::string::npos);
  CHECK(table.str().find("efficiency 60.0% below") != std::string::npos);

  tpcc::CapacitySearchRecord record;
  record.loaded_warehouses = 8;
  record.most = 8;
  record.steps = steps;
  record.answer = answer;
  record.answer_line = tpcc::capacity_answer_line(answer, true);
  tpcc::Config config;
  config.keying_and_thinking = true;
  const auto j = nlohmann::json::parse(tpcc::capacity_json(config, record));
  CHECK(j.at("kind") == "capacity search");
  CHECK(j.at("searched") == "active warehouses");
  REQUIRE(j.at("steps").size() == 2);
  CHECK(j.at("steps")[1].at("verdict") == "fail");
  CHECK(j.at("answer").at("active_warehouses") == 4);
  CHECK(j.at("stopped").is_null());
  const std::string page = tpcc::html_capacity_search(record, true);
  CHECK(page.find("href=\"step-2/report.html\"") != std::string::npos);
}

TEST_CASE("capacity search output: unpaced, the passing step of the highest tpmC answers",
          "[capacity]") {
  CapacityStep a;
  a.terminals = 8;
  a.tpmc = 900;
  a.new_order_p90_ms = 20;
  a.verdict = CapacityVerdict::Pass;
  CapacityStep b = a;
  b.terminals = 16;
  b.tpmc = 850;  // more terminals, less throughput: contention
  const auto answer = tpcc::capacity_answer({a, b}, false);
  REQUIRE(answer.has_value());
  CHECK(tpcc::capacity_answer_line(answer, false) ==
        "highest passing: 8 terminals, tpmC 900.0 (New-Order p90 20.0 ms)");
}

namespace {

// A pgbench step's figures as result.json gives them back: tps first (the
// set's throughput), the p99 its tail.
tpcc::WorkloadFigures pgbench_figures(double tps, std::optional<double> p99) {
  tpcc::WorkloadFigures f;
  f.workload = "pgbench";
  using tpcc::Better;
  f.headline = {
      tpcc::summarised(tpcc::headline_figure("tps", "tps", tps, "1/s", Better::Higher, 2)),
      tpcc::summarised(
          tpcc::headline_figure("latency_avg_ms", "latency avg ms", 1.5, "ms", Better::Lower, 3)),
      tpcc::held_to_limit(
          tpcc::headline_figure("latency_p99_ms", "latency p99 ms", p99, "ms", Better::Lower, 3))};
  return f;
}

CapacityStep pgbench_step(int terminals, double tps, double p99, double limit) {
  tpcc::Config config;
  config.workload = tpcc::WorkloadKind::Pgbench;
  config.terminals = terminals;
  config.latency_limit_ms = limit;
  tpcc::RunInfo info;
  info.health.stop = tpcc::StopReason::Completed;
  return tpcc::judge_workload_capacity_step(config, info, tpcc::RunStats{},
                                            pgbench_figures(tps, p99));
}

}  // namespace

TEST_CASE("capacity step: another workload's p99 against --latency-limit", "[capacity]") {
  const CapacityStep pass = pgbench_step(4, 900, 4.5, 5);
  INFO(why(pass));
  CHECK(pass.verdict == CapacityVerdict::Pass);
  CHECK(pass.throughput_name == "tps");
  CHECK(pass.throughput == Approx(900));
  CHECK(pass.latency_name == "latency p99 ms");
  const CapacityStep fail = pgbench_step(8, 1000, 5.5, 5);
  CHECK(fail.verdict == CapacityVerdict::Fail);
  CHECK(mentions(fail, "latency p99 5.500 ms above --latency-limit 5 ms"));
  CHECK(pgbench_step(1, 0, 1, 5).verdict == CapacityVerdict::Fail);  // nothing completed

  tpcc::Config config;
  config.workload = tpcc::WorkloadKind::Pgbench;
  config.latency_limit_ms = 5;
  tpcc::RunInfo info;
  info.health.stop = tpcc::StopReason::Interrupted;
  CHECK(tpcc::judge_workload_capacity_step(config, info, tpcc::RunStats{}, pgbench_figures(900, 1))
            .verdict == CapacityVerdict::Stopped);
}

TEST_CASE("capacity search output: another workload's most terminals under the limit answer",
          "[capacity]") {
  std::vector<CapacityStep> steps = {pgbench_step(1, 400, 1, 5), pgbench_step(2, 800, 2, 5),
                                     pgbench_step(4, 1200, 9, 5), pgbench_step(3, 1000, 4, 5)};
  for (std::size_t k = 0; k < steps.size(); ++k) {
    steps[k].step = static_cast<int>(k) + 1;
    steps[k].dir = "step-" + std::to_string(k + 1);
  }
  const std::optional<CapacityStep> answer = tpcc::capacity_answer(steps, false);
  REQUIRE(answer);
  CHECK(answer->terminals == 3);
  CHECK(tpcc::capacity_answer_line(answer, false) ==
        "highest passing: 3 terminals, tps 1000.00 (latency p99 4.000 ms)");
  std::ostringstream table;
  tpcc::print_capacity_steps(table, steps, false);
  INFO(table.str());
  CHECK(table.str().find("terminals      tps  latency p99 ms  verdict") != std::string::npos);
  CHECK(table.str().find("tpmC") == std::string::npos);
  tpcc::CapacitySearchRecord record;
  record.steps = steps;
  record.answer = answer;
  const nlohmann::json j = nlohmann::json::parse(tpcc::capacity_json(
      [] {
        tpcc::Config c;
        c.workload = tpcc::WorkloadKind::Pgbench;
        c.latency_limit_ms = 5;
        return c;
      }(),
      record));
  CHECK(j.at("workload") == "pgbench");
  CHECK(j.at("criteria").at("latency") == "latency p99");
  CHECK(j.at("steps")[2].at("throughput_name") == "tps");
  CHECK(j.at("steps")[2].at("verdict") == "fail");
  CHECK(j.at("answer").at("terminals") == 3);
  const std::string page = tpcc::html_capacity_search(record, false);
  CHECK(page.find("<th>latency p99 ms</th>") != std::string::npos);
}

TEST_CASE("capacity: over the rate, the floor allows for the draw of Poisson arrivals",
          "[capacity]") {
  // Fixed arrivals: 600/min for 5 s schedules 50, of which 85 % is 42.5.
  CHECK(tpcc::rate_floor_per_minute(600, 85, 5, tpcc::Arrivals::Fixed) == Approx(510));
  // Poisson: 50 less three standard deviations (sqrt(50)), 85 % of that.
  CHECK(tpcc::rate_floor_per_minute(600, 85, 5, tpcc::Arrivals::Poisson) ==
        Approx((50 - 3 * std::sqrt(50.0)) * 0.85 * 12));
  // An hour at the same rate draws 36,000: the allowance is 1.6 % of it.
  CHECK(tpcc::rate_floor_per_minute(600, 85, 3600, tpcc::Arrivals::Poisson) ==
        Approx(510 * (1 - 3 * std::sqrt(36000.0) / 36000)));
  CHECK(tpcc::rate_floor_per_minute(600, 85, 0, tpcc::Arrivals::Poisson) == 0);

  // A step whose system completes every arrival fails only when its
  // Poisson count falls below the floor: about once in 700 steps, where
  // 85 % of the mean fails one 5 s step in seven.
  std::mt19937_64 rng(20261205);
  std::poisson_distribution<int> arrivals(50);
  const double floor_count = tpcc::rate_floor_per_minute(600, 85, 5, tpcc::Arrivals::Poisson) / 12;
  int failed = 0;
  int failed_at_mean_floor = 0;
  const int steps = 100000;
  for (int i = 0; i < steps; ++i) {
    const int drawn = arrivals(rng);
    if (drawn < floor_count) ++failed;
    if (drawn < 42.5) ++failed_at_mean_floor;
  }
  CHECK(failed < steps / 500);
  CHECK(failed_at_mean_floor > steps / 10);
}
