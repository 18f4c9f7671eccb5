// tpcc sweep's bookkeeping, DIR/sweep.json: the grid, each point's status,
// and the server settings as they were before the sweep, so that the same
// command run again continues at the first point not finished, and a sweep
// killed outright still has its settings put back by the next one. Pure:
// the app reads and writes the file.
#pragma once

#include <string>
#include <vector>

#include "config/config.hpp"
#include "experiment/server_settings.hpp"

namespace tpcc {

inline constexpr const char* kSweepStateFile = "sweep.json";

enum class PointStatus { Pending, Done, Failed, Interrupted };

// "pending", "done", "failed", "interrupted".
const char* point_status_name(PointStatus status);

struct SweepPointState {
  std::string name;  // its directory in DIR (sweep_point_name)
  std::vector<std::string> values;
  PointStatus status = PointStatus::Pending;
  int exit_status = 0;
  std::string detail;  // why it failed, when it did not run to its end
};

// A load of a sweep over loads (its --vary values of warehouses, scale,
// tables, table-size): the database it is prepared into, and whether it was
// prepared and its snapshot taken, so that a sweep continued reuses it.
struct SweepLoadState {
  std::string load;  // "scale=2", "tables=2,table-size=1000"
  std::string database;
  bool ready = false;
};

struct SweepState {
  std::vector<SweepAxis> axes;
  int repeat = 1;
  std::vector<SweepPointState> points;
  std::vector<SweepLoadState> loads;  // none when the sweep varies no load
  // The settings before the sweep changed any; changed: not yet put back.
  std::vector<SettingOriginal> settings;
  bool settings_changed = false;
};

// A sweep not begun: every point of the grid pending.
SweepState new_sweep_state(const std::vector<SweepAxis>& axes, int repeat);

std::string sweep_state_json(const SweepState& state);

// Throws std::runtime_error when text is not a sweep.json.
SweepState parse_sweep_state(const std::string& text);

// Why a sweep of `axes` and `repeat` cannot continue in a directory holding
// `existing`: "--vary terminals: 8,16 here, 8,16,32 in DIR's sweep"; empty
// when it is the same grid.
std::string grid_difference(const SweepState& existing, const std::vector<SweepAxis>& axes,
                            int repeat);

// Whether a point's result.json (its text; empty when there is none) says
// the point measured and ran to its end: a single run that measured and
// was not interrupted, or a repeated set of all `repeat` runs with figures
// and none interrupted. A point that is not is run again.
bool point_finished(const std::string& result_json, int repeat);

}  // namespace tpcc
