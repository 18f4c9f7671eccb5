// tpcc report --merge's "ch": the analytic streams of the drivers of one
// mixed run (tpcc run --driver I/N --ch-streams N) merged into one block
// (docs/several-drivers.md). Pure: the directories are read by the verb.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "workloads/ch/metrics/ch_figures.hpp"

namespace tpcc {

// How a merged "ch" block is combined; in result.json (ch.merged.rule).
// The streams' latencies are kept as percentiles only (no histograms), so
// the merged percentiles are the worst driver's, not the whole run's.
inline constexpr const char* kChMergeRule =
    "count, rows, errors, recovery conflicts and cancels per query: the drivers' summed; QphH: "
    "the summed queries x 3600 over the drivers' mean measured seconds of the streams; latency "
    "and freshness percentiles and maxima: the worst driver's (the streams' histograms are not "
    "kept), freshness samples summed; a standby's recovery conflicts and the primary's dead "
    "tuples: the largest driver's reading of the same counters; freshness by interval and "
    "--ch-baseline's split: in each driver's own result";

// One driver's result: its number and directory, and its "ch" (none: it
// ran no streams).
struct ChDriverBlock {
  int driver = 0;
  std::string dir;
  std::optional<ChFigures> ch;
};

// None when no driver ran streams. A driver without streams beside drivers
// with streams is merged (ch.merged.drivers names those with); streams on
// the primary in one driver and on standbys in another are refused
// (UsageError naming both directories): their freshness and conflicts are
// of different servers.
std::optional<ChFigures> merge_ch_figures(const std::vector<ChDriverBlock>& drivers);

}  // namespace tpcc
