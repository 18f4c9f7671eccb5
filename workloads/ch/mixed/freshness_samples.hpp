// The freshness each analytic query of a mixed run saw (docs/ch.md
// "Freshness"), kept per server as the queries start, from every worker:
// the measured interval's, and each interval's for the chart.
#pragma once

#include <mutex>
#include <string>
#include <vector>

#include "workloads/ch/metrics/ch_freshness.hpp"

namespace tpcc {

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

  // Per server: every sample of the measured interval, and each interval's.
  std::vector<std::vector<double>> samples() const;
  std::vector<std::vector<ChFreshnessInterval>> intervals() const;

 private:
  std::vector<std::string> servers_;
  mutable std::mutex mutex_;
  std::vector<std::vector<double>> kept_;
  std::vector<std::vector<double>> interval_;
  std::vector<std::vector<ChFreshnessInterval>> intervals_;
};

}  // namespace tpcc
