// The freshness each analytic query of a mixed run saw (docs/ch.md
// "Freshness"), kept per server as the queries start, from every worker, in
// histograms (fixed memory however long the run): the measured interval's,
// and each interval's figures for the chart.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "metrics/stats.hpp"
#include "workloads/ch/metrics/ch_freshness.hpp"

namespace tpcc {

// A query's freshness as the histograms keep it: in whole microseconds (a
// negative one, a standby's clock behind the primary's, as 0).
std::int64_t freshness_micros(double ms);

// p50, p99 (nearest rank, within the histogram's 1/64 of a value) and max
// (exact) of the freshness a histogram holds in microseconds, in ms; all 0
// without any.
ChFreshness freshness_of(const LatencyHistogram& micros);

class FreshnessSamples {
 public:
  // The servers' conninfos as the streams' groups are given them: the
  // primary's alone, or each standby's.
  explicit FreshnessSamples(std::vector<std::string> servers);

  // The server of a group run with this conninfo (0 when none matches).
  int server_of(const std::string& conninfo) const;

  // One query's freshness, in ms.
  void add(int server, double ms);

  // At the end of an interval: a warm-up's samples are dropped; a measured
  // one's are kept, and its own freshness ends at end_seconds.
  void end_interval(double end_seconds, bool warmup);

  // Per server: the measured interval's freshness in microseconds, and
  // each interval's figures.
  std::vector<LatencyHistogram> histograms() const;
  std::vector<std::vector<ChFreshnessInterval>> intervals() const;

 private:
  std::vector<std::string> servers_;
  mutable std::mutex mutex_;
  std::vector<LatencyHistogram> kept_;
  std::vector<LatencyHistogram> interval_;
  std::vector<std::vector<ChFreshnessInterval>> intervals_;
};

}  // namespace tpcc
