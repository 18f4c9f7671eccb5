// tpcc sweep's bookkeeping (sweep.json): a new sweep's points, the same
// grid continued and another refused, and which points count as finished
// by their own result.json.
#include <catch2/catch.hpp>

#include <string>

#include "experiment/sweep_state.hpp"

namespace {

const std::vector<tpcc::SweepAxis> kAxes = {
    {"terminals", {"1", "2"}, tpcc::SweepAxisKind::RunOption},
    {"work_mem", {"4MB", "8MB"}, tpcc::SweepAxisKind::ServerSetting}};

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("sweep state: a new sweep lists every point pending, named by its values",
          "[experiment][sweep]") {
  const tpcc::SweepState s = tpcc::new_sweep_state(kAxes, 3);
  REQUIRE(s.points.size() == 4);
  CHECK(s.points[0].name == "terminals=1,work_mem=4MB");
  CHECK(s.points[3].name == "terminals=2,work_mem=8MB");
  for (const auto& p : s.points) CHECK(p.status == tpcc::PointStatus::Pending);
  CHECK(s.repeat == 3);
}

TEST_CASE("sweep state: sweep.json reads back as written, settings before the sweep included",
          "[experiment][sweep]") {
  tpcc::SweepState s = tpcc::new_sweep_state(kAxes, 1);
  s.points[0].status = tpcc::PointStatus::Done;
  s.points[1].status = tpcc::PointStatus::Failed;
  s.points[1].exit_status = 3;
  s.points[1].detail = "lost the server";
  s.settings.push_back({"work_mem", "user", "4MB", true, "4MB"});
  s.settings_changed = true;
  s.loads.push_back({"scale=2", "bench_sweep_scale2", true});
  const tpcc::SweepState back = tpcc::parse_sweep_state(tpcc::sweep_state_json(s));
  REQUIRE(back.loads.size() == 1);
  CHECK(back.loads[0].load == "scale=2");
  CHECK(back.loads[0].database == "bench_sweep_scale2");
  CHECK(back.loads[0].ready);
  CHECK(back.axes.size() == 2);
  CHECK(back.axes[1].server_setting());
  CHECK(back.points[0].status == tpcc::PointStatus::Done);
  CHECK(back.points[1].exit_status == 3);
  CHECK(back.points[1].detail == "lost the server");
  REQUIRE(back.settings.size() == 1);
  CHECK(back.settings[0].in_auto_conf);
  CHECK(back.settings[0].auto_conf_value == "4MB");
  CHECK(back.settings_changed);
  CHECK_THROWS_AS(tpcc::parse_sweep_state("{\"kind\": \"sweep\"}"), std::runtime_error);
  CHECK_THROWS_AS(tpcc::parse_sweep_state("not json"), std::runtime_error);
}

TEST_CASE("sweep state: the same grid continues, other values, axes or --repeat do not",
          "[experiment][sweep]") {
  const tpcc::SweepState s = tpcc::new_sweep_state(kAxes, 1);
  CHECK(tpcc::grid_difference(s, kAxes, 1).empty());
  auto more = kAxes;
  more[0].values.push_back("4");
  CHECK(has(tpcc::grid_difference(s, more, 1), "--vary terminals: 1,2,4 here, 1,2 in the sweep"));
  CHECK(has(tpcc::grid_difference(s, {kAxes[0]}, 1),
            "--vary-setting work_mem: an axis of the sweep there, not given here"));
  CHECK(has(tpcc::grid_difference(s, {kAxes[1], kAxes[0]}, 1), "another order"));
  CHECK(has(tpcc::grid_difference(s, kAxes, 3), "--repeat 3 here, 1 in the sweep there"));
}

TEST_CASE("sweep state: a point is finished when its result says it measured and ran to its end",
          "[experiment][sweep]") {
  CHECK_FALSE(tpcc::point_finished("", 1));
  CHECK_FALSE(tpcc::point_finished("{\"tpmC\": 1", 1));  // cut off
  CHECK(tpcc::point_finished(R"({"tpmC": 10, "interrupted": false, "exit_status": 0})", 1));
  // A run that broke a rule still ran to its end: it is not run again.
  CHECK(tpcc::point_finished(R"({"tpmC": 10, "interrupted": false, "exit_status": 1})", 1));
  CHECK_FALSE(tpcc::point_finished(R"({"tpmC": 10, "interrupted": true, "exit_status": 130})", 1));
  CHECK_FALSE(tpcc::point_finished(
      R"({"measured": false, "stop_reason": "connect", "exit_status": 3})", 1));
  const std::string set =
      R"({"kind": "repeated runs", "runs": [{"dir": "run-1", "exit_status": 0},
          {"dir": "run-2", "exit_status": 0}], "figures": [{"name": "tpmC", "median": 5}],
          "exit_status": 0})";
  CHECK(tpcc::point_finished(set, 2));
  CHECK_FALSE(tpcc::point_finished(set, 3));  // a set cut short
  const std::string stopped =
      R"({"kind": "repeated runs", "runs": [{"dir": "run-1", "exit_status": 0},
          {"dir": "run-2", "exit_status": 130}], "figures": [{"name": "tpmC", "median": 5}],
          "exit_status": 130})";
  CHECK_FALSE(tpcc::point_finished(stopped, 2));
}
