// histograms.json in every result directory: the measured interval's counts
// and latency histograms in full (bucket counts, not percentiles), so that
// the results of several drivers can be merged (tpcc report --merge) into
// exactly the figures one driver would have computed.
#pragma once

#include <string>
#include <vector>

#include "metrics/run.hpp"
#include "metrics/stats.hpp"
#include "spec/transactions.hpp"

namespace tpcc {

inline constexpr const char* kHistogramsFile = "histograms.json";

// The file's text: the histogram layout (LatencyHistogram::layout()), then
// per transaction every TxnStats count, its latency histogram and its
// keying and think time totals, the
// deferred Deliveries' completion histogram and the run's other counts.
// Buckets are listed sparsely as [index, count] pairs. A run with hot
// standbys adds the same figures of each standby's read-only terminals
// ("standbys", in --standby-conn order), so that tpcc report DIR redraws
// their sections too. "intervals" (results of tpcc run --driver) holds the
// same figures of each interval line of the primary (end, length, warm-up
// or not), so that tpcc report --merge draws the merged run over time from
// exactly merged histograms. "transactions" holds the run's types by name
// (TPC-C's five unless told), in their order, which is how the file is read
// back; throws std::logic_error when the statistics are not of `types`.
std::string histograms_json(const RunStats& stats, const std::vector<RunStats>& standbys = {},
                            const std::vector<IntervalSample>& intervals = {},
                            const std::vector<std::string>& types = tpcc_type_names());

struct HistogramsFile {
  RunStats stats;                         // the primary's (or the only server's)
  std::vector<RunStats> standbys;         // empty in files of runs without standbys
  std::vector<IntervalSample> intervals;  // only their times and stats; empty in older files
};

// What a histograms.json holds. Throws UsageError naming `where` (the
// file) when it is not one, or its layout is not this tpcc's.
HistogramsFile read_histograms_file(const std::string& text, const std::string& where);

// read_histograms_file's primary figures alone.
RunStats read_histograms_json(const std::string& text, const std::string& where);

}  // namespace tpcc
