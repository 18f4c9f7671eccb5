#include "workloads/ch/mixed/freshness_samples.hpp"

#include <algorithm>
#include <cmath>

namespace tpcc {

std::int64_t freshness_micros(double ms) {
  return std::max<std::int64_t>(0, std::llround(ms * 1000.0));
}

ChFreshness freshness_of(const LatencyHistogram& micros) {
  ChFreshness f;
  f.samples = micros.count();
  if (f.samples == 0) return f;
  f.p50_ms = micros.percentile(50) / 1000.0;
  f.p99_ms = micros.percentile(99) / 1000.0;
  f.max_ms = static_cast<double>(micros.max()) / 1000.0;
  return f;
}

FreshnessSamples::FreshnessSamples(std::vector<std::string> servers)
    : servers_(std::move(servers)),
      kept_(servers_.size()),
      interval_(servers_.size()),
      intervals_(servers_.size()) {}

int FreshnessSamples::server_of(const std::string& conninfo) const {
  const auto found = std::find(servers_.begin(), servers_.end(), conninfo);
  return found == servers_.end() ? 0 : static_cast<int>(found - servers_.begin());
}

void FreshnessSamples::add(int server, double ms) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (server < 0 || static_cast<std::size_t>(server) >= interval_.size()) return;
  interval_[static_cast<std::size_t>(server)].record(freshness_micros(ms));
}

void FreshnessSamples::end_interval(double end_seconds, bool warmup) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (std::size_t k = 0; k < interval_.size(); ++k) {
    if (!warmup) {
      kept_[k].merge(interval_[k]);
      intervals_[k].push_back({end_seconds, freshness_of(interval_[k])});
    }
    interval_[k] = LatencyHistogram();
  }
}

std::vector<LatencyHistogram> FreshnessSamples::histograms() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return kept_;
}

std::vector<std::vector<ChFreshnessInterval>> FreshnessSamples::intervals() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return intervals_;
}

}  // namespace tpcc
