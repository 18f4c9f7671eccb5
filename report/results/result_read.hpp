// A result directory read back: what tpcc report DIR redraws and what
// tpcc report --compare puts side by side.
#pragma once

#include <string>
#include <vector>

#include "config/config.hpp"
#include "metrics/run.hpp"
#include "metrics/stats.hpp"
#include "report/results/interval_points.hpp"
#include "report/rules/run_verdict.hpp"
#include "report/views/workload_figures.hpp"

namespace tpcc {

struct ResultDir {
  std::string dir;
  Config config;   // the settings the report depends on (config.json)
  RunInfo info;    // result.json
  RunStats stats;  // histograms.json
  // The verdict result.json recorded (TPC-C's run rules and audits);
  // judged from the figures read back when an older tpcc did not record it
  // whole. Unjudged for a run of another workload.
  RunVerdict verdict;
  std::string config_json;            // config.json's text (password masked)
  std::vector<IntervalPoint> points;  // intervals_by_type.csv (with_points)
  std::vector<std::string> notes;     // what could not be read back, for the user
  // histograms.json's interval figures (times and stats only; empty from a
  // tpcc that did not keep them).
  std::vector<IntervalSample> intervals;
  // A run of another workload (config.workload): result.json's figures of
  // it and intervals.csv's figures; stats holds only its totals.
  WorkloadFigures workload;
  WorkloadPoints workload_points;
};

// Reads result.json, config.json, histograms.json and, with_points,
// intervals_by_type.csv of dir; of a run of another workload than TPC-C,
// result.json, config.json and intervals.csv. Throws UsageError (exit 2)
// starting with flag and naming the file when one is missing or not tpcc's.
ResultDir read_result_dir(const std::string& dir, const std::string& flag, bool with_points);

// The runs of a repeated set (tpcc run --repeat: its result.json lists
// them), in order; a single run's directory as the one run. Throws as
// read_result_dir does, naming the run that cannot be read.
std::vector<ResultDir> read_result_set(const std::string& dir, const std::string& flag,
                                       bool with_points);

// dir's result.json is a repeated set's.
bool is_result_set(const std::string& dir);

}  // namespace tpcc
