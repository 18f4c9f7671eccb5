#include "workloads/ch/metrics/ch_interference.hpp"

#include "metrics/stats.hpp"

namespace tpcc {
namespace {

// A line's end is a sum of lengths in double: this much over the baseline
// still ends within it.
constexpr double kBoundarySlackSeconds = 1e-3;

}  // namespace

ChInterference split_interference(const std::vector<IntervalThroughput>& lines,
                                  double baseline_seconds) {
  IntervalThroughput alone;
  IntervalThroughput mixed;
  double elapsed = 0;
  for (const IntervalThroughput& line : lines) {
    elapsed += line.seconds;
    IntervalThroughput& part = elapsed <= baseline_seconds + kBoundarySlackSeconds ? alone : mixed;
    part.seconds += line.seconds;
    part.new_orders += line.new_orders;
    part.transactions += line.transactions;
  }
  ChInterference split;
  split.alone_seconds = alone.seconds;
  split.mixed_seconds = mixed.seconds;
  split.tpmc_alone = per_minute(alone.new_orders, alone.seconds);
  split.tpmc_mixed = per_minute(mixed.new_orders, mixed.seconds);
  split.tpm_total_alone = per_minute(alone.transactions, alone.seconds);
  split.tpm_total_mixed = per_minute(mixed.transactions, mixed.seconds);
  if (mixed.seconds > 0 && split.tpmc_alone > 0) split.ratio = split.tpmc_mixed / split.tpmc_alone;
  if (mixed.seconds > 0 && split.tpm_total_alone > 0) {
    split.total_ratio = split.tpm_total_mixed / split.tpm_total_alone;
  }
  return split;
}

}  // namespace tpcc
