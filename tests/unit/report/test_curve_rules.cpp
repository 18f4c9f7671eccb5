// tpcc curve's rules on constructed step tables: the knee (achieved below
// 95 % of offered, allowing for the draw of Poisson arrivals, or p99 above
// 2x the lowest steps'), the max rate whose p99 is within --latency-limit,
// the ladder's offered rates, and curve.csv's rows.
#include <catch2/catch.hpp>

#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "report/results/curve_files.hpp"
#include "report/rules/curve_rules.hpp"

namespace {

using tpcc::Arrivals;
using tpcc::CurveBound;
using tpcc::CurvePoint;

CurvePoint step(double offered, double achieved, double p99, double seconds = 60) {
  CurvePoint p;
  p.offered = offered;
  p.achieved = achieved;
  p.p99_ms = p99;
  p.measured_seconds = seconds;
  return p;
}

// Ten steps of 100..1000/s that keep up, p99 2 ms.
std::vector<CurvePoint> following() {
  std::vector<CurvePoint> ladder;
  for (int k = 1; k <= 10; ++k) ladder.push_back(step(100.0 * k, 100.0 * k, 2));
  return ladder;
}

tpcc::CurveAnswer knee(const std::vector<CurvePoint>& ladder,
                       Arrivals arrivals = Arrivals::Poisson) {
  return tpcc::curve_knee(ladder, arrivals, 1, "/s");
}

}  // namespace

TEST_CASE("curve: a ladder that follows its offered rate has no knee", "[curve]") {
  const tpcc::CurveAnswer a = knee(following());
  CHECK_FALSE(a.step.has_value());
  CHECK(a.line == "no knee up to 1000.0/s");
  CHECK(a.rule.find("below 95% of its offered rate") != std::string::npos);
}

TEST_CASE("curve: the knee is the first step whose achieved falls below 95% of offered",
          "[curve]") {
  std::vector<CurvePoint> ladder = following();
  ladder[6].achieved = 650;  // 92.9 % of 700
  ladder[7].achieved = 660;
  const tpcc::CurveAnswer a = knee(ladder);
  REQUIRE(a.step.has_value());
  CHECK(*a.step == 6);
  CHECK(a.line.rfind("knee at step 7 (offered 700.0/s): achieved 650.0/s, below 95%", 0) == 0);
  // 96 % of offered follows it.
  ladder[6].achieved = 672;
  ladder[7].achieved = 800;
  CHECK_FALSE(knee(ladder).step.has_value());
}

TEST_CASE("curve: a short step's Poisson draw is no knee, a fixed schedule's shortfall is",
          "[curve]") {
  // 5/s for 4 s: 20 arrivals drawn, give or take 4.5; 17 completed is the
  // draw's, not a system falling behind.
  // 10/s: 40 arrivals, 34 completed is within the draw, 85 % of a fixed schedule.
  std::vector<CurvePoint> ladder = {step(5, 4.25, 2, 4), step(10, 8.5, 2, 4)};
  CHECK_FALSE(knee(ladder, Arrivals::Poisson).step.has_value());
  const tpcc::CurveAnswer fixed = knee(ladder, Arrivals::Fixed);
  REQUIRE(fixed.step.has_value());
  CHECK(*fixed.step == 0);
}

TEST_CASE("curve: the knee is the first step whose p99 is above 2x the lowest steps'", "[curve]") {
  std::vector<CurvePoint> ladder = following();
  ladder[0].p99_ms = 3;  // the lower of the two lowest steps' p99 is 2
  ladder[4].p99_ms = 3.9;
  ladder[5].p99_ms = 4.1;
  ladder[6].p99_ms = 5;
  const tpcc::CurveAnswer a = knee(ladder);
  REQUIRE(a.step.has_value());
  CHECK(*a.step == 5);
  CHECK(a.line ==
        "knee at step 6 (offered 600.0/s): p99 4.100 ms, above 2x the lowest steps' "
        "2.000 ms");
}

TEST_CASE("curve: a step the next one recovers from is no knee, the last step needs none",
          "[curve]") {
  std::vector<CurvePoint> ladder = following();
  ladder[2].p99_ms = 9;  // a burst of the machine's: step 4 is back at 2 ms
  ladder[5].achieved = 500;
  CHECK(knee(ladder).line == "no knee up to 1000.0/s");
  ladder[9].p99_ms = 9;  // the last step has no next one to recover in
  const tpcc::CurveAnswer a = knee(ladder);
  REQUIRE(a.step.has_value());
  CHECK(*a.step == 9);
}

TEST_CASE("curve: a failed step is no point of the knee or the max rate", "[curve]") {
  std::vector<CurvePoint> ladder = following();
  ladder[3].achieved = 10;
  ladder[3].p99_ms = 900;
  ladder[3].failed = "the run exited 1";
  CHECK_FALSE(knee(ladder).step.has_value());
  ladder[9].p99_ms = 1;
  ladder[9].failed = "the run exited 3";
  const tpcc::CurveAnswer max = tpcc::curve_max_rate(ladder, 5.0, "/s");
  REQUIRE(max.step.has_value());
  CHECK(*max.step == 8);
}

TEST_CASE("curve: the max rate is the highest achieved rate whose p99 is within the limit",
          "[curve]") {
  std::vector<CurvePoint> ladder = following();
  for (std::size_t k = 0; k < ladder.size(); ++k) ladder[k].p99_ms = 1.0 + k;  // 1..10 ms
  ladder[8].achieved = 700;                                                    // fell behind
  const tpcc::CurveAnswer a = tpcc::curve_max_rate(ladder, 9.0, "/s");
  REQUIRE(a.step.has_value());
  CHECK(*a.step == 7);  // 800/s at p99 8 ms beats step 9's 700/s at 9 ms
  CHECK(a.line ==
        "max rate with p99 <= 9 ms: 800.0/s achieved at step 8 (offered 800.0/s, p99 8.000 ms)");
  const tpcc::CurveAnswer at_limit = tpcc::curve_max_rate(ladder, 10.0, "/s");
  REQUIRE(at_limit.step.has_value());
  CHECK(*at_limit.step == 9);  // p99 10 ms is within 10 ms
  const tpcc::CurveAnswer none = tpcc::curve_max_rate(ladder, 0.5, "/s");
  CHECK_FALSE(none.step.has_value());
  CHECK(none.line == "max rate with p99 <= 0.5 ms: none, no step kept its p99 within it");
  const tpcc::CurveAnswer not_asked = tpcc::curve_max_rate(ladder, std::nullopt, "/s");
  CHECK_FALSE(not_asked.step.has_value());
  CHECK(not_asked.line ==
        "max rate with p99 <= --latency-limit: not asked (give --latency-limit MS)");
}

TEST_CASE("curve: the offered rates run evenly from --from to --to", "[curve]") {
  const std::vector<double> percents =
      tpcc::curve_offered_rates(CurveBound{10, true}, CurveBound{110, true}, 11, 1000);
  REQUIRE(percents.size() == 11);
  CHECK(percents.front() == Approx(100));
  CHECK(percents[1] == Approx(200));
  CHECK(percents.back() == Approx(1100));
  const std::vector<double> rates =
      tpcc::curve_offered_rates(CurveBound{600, false}, CurveBound{1500, false}, 4, 123);
  CHECK(rates == std::vector<double>{600, 900, 1200, 1500});
  CHECK(tpcc::curve_offered_rates(CurveBound{50, true}, CurveBound{90, true}, 1, 333) ==
        std::vector<double>{166.5});
}

TEST_CASE("curve: curve.csv has the peak's row, then one row per step", "[curve]") {
  tpcc::CurveRecord record;
  record.unit = "/s";
  record.peak.dir = "peak";
  record.peak.achieved = 1234.5;
  record.ladder = {step(100, 99.5, 2), step(200, 150, 40)};
  record.ladder[0].dir = "step-1";
  record.ladder[1].dir = "step-2";
  record.ladder[1].failed = "the run exited 1";
  const std::string csv = tpcc::curve_csv(record);
  std::istringstream in(csv);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  REQUIRE(lines.size() == 4);
  CHECK(lines[0] ==
        "kind,step,offered_per_s,achieved_per_s,p50_ms,p99_ms,p99_9_ms,late_share,skipped_share,"
        "errors,exit_status,status,dir");
  CHECK(lines[1] == "peak,,,1234.5,,,,,,0,0,\"ok\",peak");
  CHECK(lines[2] == "step,1,100,99.5,,2,,,,0,0,\"ok\",step-1");
  CHECK(lines[3] == "step,2,200,150,,40,,,,0,0,\"the run exited 1\",step-2");
}
