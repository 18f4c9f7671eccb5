#include "report/views/server_metrics_view.hpp"

#include <algorithm>
#include <map>

namespace tpcc {
namespace {

using Value = std::optional<double>;

// MB: 10^6 bytes, as the docs give sizes.
constexpr double kBytesPerMb = 1e6;

Value per_second(const Value& delta, double length_seconds) {
  if (!delta || length_seconds <= 0) return std::nullopt;
  return *delta / length_seconds;
}

Value rate(const ServerMetricsInterval& m, std::size_t counter, double length_seconds) {
  return per_second(m.deltas[counter], length_seconds);
}

Value times(const Value& v, double factor) { return v ? Value(*v * factor) : std::nullopt; }

Value host(const ServerMetricsInterval& m, double HostCpuSplit::*field) {
  return m.host_cpu ? Value((*m.host_cpu).*field) : std::nullopt;
}

Value as_value(const std::optional<int>& v) { return v ? Value(*v) : std::nullopt; }

constexpr const char* kCommitsChart = "Commits and rollbacks per second";
constexpr const char* kBuffersChart = "Buffers written per second";
constexpr const char* kTuplesChart = "Tuples written per second";
constexpr const char* kHostChart = "Host CPU, % of all CPUs (server on this host)";
constexpr const char* kProcessChart = "CPU of the server's processes and of tpcc, % of one core";
constexpr const char* kLevelsChart = "Lock waits and autovacuum workers, most at once";

}  // namespace

const std::vector<ServerMetric>& server_metrics_shown() {
  using M = const ServerMetricsInterval&;
  static const std::vector<ServerMetric> metrics = {
      {"commits/s", kCommitsChart, 1, [](M m, double s) { return rate(m, kCommits, s); }},
      {"rollbacks/s", kCommitsChart, 1, [](M m, double s) { return rate(m, kRollbacks, s); }},
      {"buffer hit %", "Buffer hit ratio, %", 2,
       [](M m, double) { return times(m.blks_hit_ratio, 100); }},
      {"WAL MB/s", "WAL written, MB per second", 2,
       [](M m, double s) { return times(rate(m, kWalBytes, s), 1 / kBytesPerMb); }},
      {"full-page images/s", "Full-page images written to WAL per second", 1,
       [](M m, double s) { return rate(m, kFpi, s); }},
      {"checkpoint buffers/s", kBuffersChart, 1,
       [](M m, double s) { return rate(m, kBufCkpt, s); }},
      {"backend buffers/s", kBuffersChart, 1,
       [](M m, double s) { return rate(m, kBufBackend, s); }},
      {"tuples inserted/s", kTuplesChart, 1, [](M m, double s) { return rate(m, kTupIns, s); }},
      {"tuples updated/s", kTuplesChart, 1, [](M m, double s) { return rate(m, kTupUpd, s); }},
      {"tuples deleted/s", kTuplesChart, 1, [](M m, double s) { return rate(m, kTupDel, s); }},
      {"host user %", kHostChart, 1, [](M m, double) { return host(m, &HostCpuSplit::user_pct); }},
      {"host system %", kHostChart, 1,
       [](M m, double) { return host(m, &HostCpuSplit::system_pct); }},
      {"host iowait %", kHostChart, 1,
       [](M m, double) { return host(m, &HostCpuSplit::iowait_pct); }},
      {"host idle %", kHostChart, 1, [](M m, double) { return host(m, &HostCpuSplit::idle_pct); }},
      {"server processes CPU %", kProcessChart, 1,
       [](M m, double s) { return times(per_second(m.server_cpu_seconds, s), 100); }},
      {"tpcc client CPU %", kProcessChart, 1,
       [](M m, double s) { return times(per_second(m.client_cpu_seconds, s), 100); }},
      {"database MB", "Database size, MB", 1,
       [](M m, double) { return times(m.db_bytes, 1 / kBytesPerMb); }},
      {"lock waits", kLevelsChart, 1, [](M m, double) { return as_value(m.lock_waits); }},
      {"autovacuum workers", kLevelsChart, 1,
       [](M m, double) { return as_value(m.autovacuum_workers); }},
      // Rare events, compared but not charted: a flat zero line says nothing.
      {"deadlocks/s", nullptr, 3, [](M m, double s) { return rate(m, kDeadlocks, s); }},
      {"temp file MB/s", nullptr, 2,
       [](M m, double s) { return times(rate(m, kTempBytes, s), 1 / kBytesPerMb); }},
  };
  return metrics;
}

std::vector<double> interval_lengths(const std::vector<ServerMetricsPoint>& points) {
  std::vector<double> lengths;
  double previous_end = 0;
  for (const ServerMetricsPoint& p : points) {
    lengths.push_back(p.end_seconds - previous_end);
    previous_end = p.end_seconds;
  }
  return lengths;
}

std::optional<double> measured_mean(const ServerMetricsRun& run, const ServerMetric& metric) {
  const std::vector<double> lengths = interval_lengths(run.intervals);
  double sum = 0;
  int count = 0;
  for (std::size_t i = 0; i < run.intervals.size(); ++i) {
    if (run.intervals[i].warmup) continue;
    if (const Value v = metric.value(run.intervals[i].metrics, lengths[i])) {
      sum += *v;
      ++count;
    }
  }
  if (count == 0) return std::nullopt;
  return sum / count;
}

std::vector<ServerEvent> server_events(const ServerMetricsRun& run) {
  std::vector<ServerEvent> events;
  std::string previous_tables;
  for (const ServerMetricsPoint& p : run.intervals) {
    const ServerMetricsInterval& m = p.metrics;
    const double checkpoints = m.deltas[kCkptTimed].value_or(0) + m.deltas[kCkptReq].value_or(0);
    if (checkpoints > 0) {
      events.push_back({ServerEvent::Kind::Checkpoint, p.end_seconds,
                        checkpoints == 1 ? std::string("checkpoint")
                                         : std::to_string(static_cast<long long>(checkpoints)) +
                                               " checkpoints"});
    }
    if (m.autovacuum_workers.value_or(0) > 0) {
      const std::string tables = m.autovacuum_tables.empty() ? "autovacuum" : m.autovacuum_tables;
      events.push_back({ServerEvent::Kind::Autovacuum, p.end_seconds,
                        tables == previous_tables ? std::string() : tables});
      previous_tables = tables;
    } else {
      previous_tables.clear();
    }
  }
  return events;
}

std::vector<WaitShare> measured_waits(const ServerMetricsRun& run) {
  std::map<std::string, std::int64_t> samples;
  std::int64_t all = 0;
  for (const ServerMetricsPoint& p : run.intervals) {
    if (p.warmup) continue;
    all += p.metrics.wait_samples;
    for (const WaitShare& w : p.metrics.top_waits) samples[w.event] += w.samples;
  }
  std::vector<WaitShare> waits = top_waits(samples, samples.size());
  // The share of all samples: an interval read back from an older
  // result.json may list its top few events only.
  for (WaitShare& w : waits) w.share = all > 0 ? static_cast<double>(w.samples) / all : 0.0;
  return waits;
}

std::vector<double> wait_shares_of(const ServerMetricsInterval& m,
                                   const std::vector<std::string>& shown) {
  std::vector<double> shares(shown.size() + 1, 0.0);
  if (m.wait_samples <= 0) return shares;
  double listed = 0;
  for (const WaitShare& w : m.top_waits) {
    const auto it = std::find(shown.begin(), shown.end(), w.event);
    const double share = static_cast<double>(w.samples) / static_cast<double>(m.wait_samples);
    if (it != shown.end()) {
      shares[static_cast<std::size_t>(it - shown.begin())] = share;
      listed += share;
    }
  }
  shares.back() = std::max(0.0, 1.0 - listed);
  return shares;
}

}  // namespace tpcc
