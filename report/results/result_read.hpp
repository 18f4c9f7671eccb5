// A result directory read back: what tpcc report DIR redraws and what
// tpcc report --compare puts side by side.
#pragma once

#include <string>
#include <vector>

#include "report/rules/run_verdict.hpp"
#include "report/views/result_dir_read.hpp"

namespace tpcc {

// A run's directory read back with the verdict its result.json recorded
// (TPC-C's run rules and audits), judged from the figures read back when
// an older tpcc did not record it whole; unjudged for a run of another
// workload. (ResultDir is the views' and below the rules; the verdict is
// the rules'.)
struct RecordedRun : ResultDir {
  RunVerdict verdict;
};

// Reads result.json, config.json, histograms.json and, with_points,
// intervals_by_type.csv of dir; of a run of another workload than TPC-C,
// result.json, config.json and intervals.csv. Throws UsageError (exit 2)
// starting with flag and naming the file when one is missing or not tpcc's.
RecordedRun read_result_dir(const std::string& dir, const std::string& flag, bool with_points);

// The runs of a repeated set (tpcc run --repeat: its result.json lists
// them), in order; a single run's directory as the one run. Throws as
// read_result_dir does, naming the run that cannot be read.
std::vector<ResultDir> read_result_set(const std::string& dir, const std::string& flag,
                                       bool with_points);

// dir's result.json is a repeated set's.
bool is_result_set(const std::string& dir);

}  // namespace tpcc
