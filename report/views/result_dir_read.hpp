// A result directory read back (report/results/result_read.hpp reads it):
// what tpcc report DIR redraws and what tpcc report --compare, a repeated
// set and a sweep put side by side. Pure data.
#pragma once

#include <string>
#include <vector>

#include "config/config.hpp"
#include "metrics/run.hpp"
#include "metrics/stats.hpp"
#include "report/views/interval_point.hpp"
#include "report/views/workload_figures.hpp"

namespace tpcc {

struct ResultDir {
  std::string dir;
  Config config;                      // the settings the report depends on (config.json)
  RunInfo info;                       // result.json
  RunStats stats;                     // histograms.json
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

}  // namespace tpcc
