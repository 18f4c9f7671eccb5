// The points of tpcc sweep: every combination of its axes' values (a
// grid), each point's directory name, and the run options it sets. Pure,
// so that the app, the configuration's checks and the tests agree.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "config/config.hpp"

namespace tpcc {

// One value of one axis at a point.
struct SweepValue {
  std::string name;
  std::string value;
};

// Every combination of the axes' values, one value per axis in axis order;
// the first axis changes fastest, so that a server setting (given after
// the run options) changes as seldom as the grid allows. No axes: none.
std::vector<std::vector<std::string>> sweep_grid(const std::vector<SweepAxis>& axes);

// A point's directory, readable and safe on any filesystem:
// "terminals=8,work_mem=4MB"; a character other than a letter, digit or
// one of . _ - = , + becomes '_' ("search_path=a b" -> "search_path=a_b").
std::string sweep_point_name(const std::vector<SweepAxis>& axes,
                             const std::vector<std::string>& values);

// "run option", "server setting", "script variable": result.json's and
// sweep.json's word for the kind; sweep_axis_kind_named reads it back
// (nullopt for another word).
const char* sweep_axis_kind_name(SweepAxisKind kind);
std::optional<SweepAxisKind> sweep_axis_kind_named(const std::string& name);

// The option that gives an axis of that kind: "--vary", "--vary-setting",
// "--vary-define".
const char* sweep_axis_flag(SweepAxisKind kind);

// A point's value of one axis as the run option that sets it: a run
// option's as itself (terminals, 8), a script variable's as pgbench's
// --define (define, range=1000); a server setting's as itself.
SweepValue sweep_point_value(const SweepAxis& axis, const std::string& value);

// The run options a point sets (its --vary and --vary-define values, as
// sweep_point_value gives them), in axis order.
std::vector<SweepValue> sweep_run_values(const std::vector<SweepAxis>& axes,
                                         const std::vector<std::string>& values);

// The server settings a point sets (its --vary-setting values).
std::vector<SweepValue> sweep_setting_values(const std::vector<SweepAxis>& axes,
                                             const std::vector<std::string>& values);

// The --vary options that change what is loaded, not how it is run: a point
// of another value needs a database prepared with it: every workload's
// (WorkloadConfig::load_axes), TPC-C's warehouses, pgbench's scale, an oltp
// test's tables and table-size.
bool sweep_load_axis(const std::string& name);

// Those the workload loads by ("scale" for pgbench), its descriptor's; none
// for the ingest, whose tables are its runs' own.
std::vector<std::string> sweep_load_axes(WorkloadKind workload);

// The load values of a point (its --vary values of load axes), in axis
// order; none when the sweep varies no load.
std::vector<SweepValue> sweep_load_values(const std::vector<SweepAxis>& axes,
                                          const std::vector<std::string>& values);

// The database a load is prepared into: the working database's name and
// the load's values, "tpcc_sweep_scale2", "bench_sweep_tables4_table_size1000"
// (a character other than a letter, digit or '_' becomes '_').
std::string sweep_load_database(const std::string& database, const std::vector<SweepValue>& load);

}  // namespace tpcc
