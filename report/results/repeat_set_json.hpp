// result.json of a repeated set (tpcc run --repeat N): the runs it holds
// (DIR/run-1 ... DIR/run-N, each a run's own result directory) and each
// headline figure's values with their spread. report --compare reads the
// runs back through it (read_result_set).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "report/views/repeat_set.hpp"

namespace tpcc {

// result.json's "kind" of a repeated set; a single run's has none.
inline constexpr const char* kRepeatSetKind = "repeated runs";

struct RepeatSetRun {
  std::string dir;  // relative to the set's directory: "run-1"
  int exit_status = 0;
};

// One figure as the set's result.json lists it: its name, each run's
// value, and its median, mean, extremes, CV and 95 % interval (tpcc sweep's
// points keep theirs the same way).
nlohmann::json repeated_figure_json(const RepeatedFigure& figure);

std::string repeat_set_json(const std::vector<RepeatSetRun>& runs,
                            const std::vector<RepeatedFigure>& figures, int exit_status);

}  // namespace tpcc
