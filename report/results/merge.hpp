// tpcc report --merge: the results of the drivers of one run (tpcc run
// --driver I/N) merged into one, as if one driver had run every terminal:
// counts added, latency histograms merged bucket by bucket, and the audits
// and run rules judged again from the merged counts (docs/several-drivers.md). Reading the
// directories is merge_read.cpp; the checks and the merge are pure.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "metrics/run.hpp"
#include "metrics/stats.hpp"

namespace tpcc {

// How a merged result's figures are combined; in result.json ("merged") and
// docs/several-drivers.md.
inline constexpr const char* kMergeRule =
    "tpmC and tpmTOTAL: each driver's completed transactions per minute of its own measured "
    "interval, summed (the drivers measure one wall-clock interval, their lengths equal within "
    "1%); latency percentiles from the drivers' histograms merged bucket by bucket; input "
    "audits and run rules judged from the summed counts";

// The measured lengths of the drivers may differ by this fraction at most:
// a driver stopped early (SIGINT, downtime) measured another interval.
inline constexpr double kMaxLengthDifference = 0.01;

// One driver's result directory, as read back.
struct DriverResult {
  std::string dir;
  Config config;   // the settings the report depends on (config.json)
  RunInfo info;    // result.json: warehouses, terminals, lengths, interval, driver
  RunStats stats;  // histograms.json
  std::vector<IntervalSample> intervals;  // histograms.json's, per interval line
};

// Reads result.json, config.json and histograms.json of dir. Throws
// UsageError naming the file when one is missing or not tpcc's.
DriverResult read_driver_result(const std::string& dir);

// read_driver_result of each; a directory of a driver killed before its end
// (config.json but no result.json) is refused naming it and the driver it
// was (the one number the others do not name).
std::vector<DriverResult> read_driver_results(const std::vector<std::string>& dirs);

// Throws UsageError (exit 2) naming the difference and the directories
// when the results are not the drivers of one run: a result of no driver,
// different run ids, driver counts, warehouse counts, mixes or run
// settings, a driver missing or given twice, overlapping warehouses,
// measured intervals that do not overlap or differ in length.
void check_mergeable(const std::vector<DriverResult>& results);

struct MergedRun {
  Config config;
  RunInfo info;
  RunStats stats;
  // Interval by interval, the drivers' figures merged; empty when a driver
  // has none or their lines do not match (notes says why).
  std::vector<IntervalSample> intervals;
  std::vector<std::string> notes;
};

// The drivers' interval lines merged one by one: counts added, histograms
// merged bucket by bucket, the time and length of the first driver's line.
// The lines match when every driver has as many, with the same warm-up
// flags, and each line ends within kMaxIntervalEndDifference seconds of
// the first driver's. Otherwise none, and *why says which driver differs.
std::vector<IntervalSample> merged_intervals(const std::vector<DriverResult>& results,
                                             std::string* why);

// Seconds: the drivers start their runs at the barrier's common start and
// sample on their own clocks, so their lines end a few milliseconds apart.
inline constexpr double kMaxIntervalEndDifference = 1.0;

// The merged result of checked results (check_mergeable): written like a
// run's into config.result_dir = out_dir.
MergedRun merge_results(const std::vector<DriverResult>& results, const std::string& out_dir);

}  // namespace tpcc
