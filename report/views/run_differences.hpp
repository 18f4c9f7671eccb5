// tpcc report --compare: what tells the runs apart, in one list for the
// console's table: the start and environment items that differ
// (environment_compare.hpp: snapshot, conditioning, server settings, host,
// build), then the config.json settings that differ (the options, a
// pgbench script's defines, the standbys), keyed as config.json names
// them ("run.terminals"), and each run's heading.
#pragma once

#include <string>
#include <vector>

#include "report/views/compare.hpp"
#include "report/views/result_dir_read.hpp"

namespace tpcc {

// Only the items that differ; none where the runs agree throughout. The
// result directory and the label are left out: the headings name them.
std::vector<ComparedSetting> run_differences(const std::vector<ResultDir>& runs);

// A run's column heading: its --label, else its directory.
std::string run_heading(const ResultDir& run);

}  // namespace tpcc
