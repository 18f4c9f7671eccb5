// tpcc sweep as the page and the console show it: each point's values and
// the workload's headline figures (a single run's, or a repeated set's
// medians with their 95 % interval, as report/views/repeat_set computes
// them: TPC-C's tpmC, tpmTOTAL and p90s; oltp's tps, qps and percentile;
// pgbench's tps and average latency; ingest's rows/s and MB/s), which axis
// is drawn along x, and the series the other axes' values make.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "report/views/repeat_set.hpp"

namespace tpcc {

struct SweepPointView {
  std::string dir;                  // relative to the sweep's directory
  std::vector<std::string> values;  // one per axis
  std::string status;               // pending, done, failed, interrupted
  int exit_status = 0;
  std::string detail;  // why it failed, when it did not run to its end
  std::size_t runs = 0;
  std::vector<RepeatedFigure> figures;  // none when it has no result
  std::string database;                 // of a sweep over loads: the load's database it ran on
};

struct SweepView {
  std::vector<SweepAxis> axes;
  std::vector<SweepPointView> points;
  int exit_status = 0;
  bool interrupted = false;
};

// The figures a sweep keeps of a point's runs: those of a repeated set
// (repeated_figures) a sweep's table shows (RepeatedFigure::swept: the
// throughputs and latencies the workload marks, each type's p90).
std::vector<RepeatedFigure> sweep_point_figures(const std::vector<ResultDir>& runs);

// The interference curve (docs/ch.md): a sweep over --vary ch-streams
// with 0 among its values gets, after each point's throughput (its first
// figure: tpmC), "tpmC % of ch-streams=0": the throughput in % of the
// point's with no analytic streams and the other axes' values alike (the
// ratio of the runs' means; its 95 % interval when both were repeated).
inline constexpr const char* kInterferenceAxis = "ch-streams";
void add_interference_figures(SweepView& view);

// Whether a point ran on a load's database of its own (a sweep over loads):
// the table's "database" column.
bool sweep_has_databases(const SweepView& view);

// The figures of the points, each name once in the order the points give
// them: the table's columns after the axes. The first is the throughput
// (tpmC, tps, rows/s) the page draws against the x axis.
std::vector<std::string> sweep_figure_names(const SweepView& view);

// Those of the figures that are latencies (their name ends in " ms"): the
// page draws each against the throughput.
std::vector<std::string> sweep_latency_names(const SweepView& view);

// A column's heading for an axis: its name, a script variable's as a
// script names it (":range").
std::string sweep_axis_label(const SweepAxis& axis);

// The point's figure of that name with a spread, or nullptr.
const RepeatedFigure* sweep_figure(const SweepPointView& point, const std::string& name);

// The axis along x: the first run option (--vary), else the first axis.
std::size_t sweep_x_axis(const SweepView& view);

// The axis is drawn by its values' positions, not as numbers: a server
// setting's ("4MB", "64MB"), or an axis with a value that is no number.
bool sweep_axis_categorical(const SweepAxis& axis);

// A point's x: its value of the x axis as a number, its position (1, 2,
// ...) among the axis's values for a categorical axis.
double sweep_x(const SweepView& view, const SweepPointView& point);

// The points of one combination of the other axes' values, in x order:
// "work_mem=4MB" (the one series "all points" with a single axis).
struct SweepSeries {
  std::string name;
  std::vector<std::size_t> points;  // indexes into view.points
};
std::vector<SweepSeries> sweep_series(const SweepView& view);

// The points that failed or were interrupted, "terminals=64 (exit 3: ...)",
// for the summary line.
std::vector<std::string> sweep_failures(const SweepView& view);

}  // namespace tpcc
