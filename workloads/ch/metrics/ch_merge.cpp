#include "workloads/ch/metrics/ch_merge.hpp"

#include <algorithm>

#include "config/errors.hpp"

namespace tpcc {
namespace {

// The worse of two readings: the later sample, the longer wait.
void worst(double& into, double value) { into = std::max(into, value); }

ChFreshness merged_freshness(const ChFreshness& a, const ChFreshness& b) {
  ChFreshness f = a;
  f.samples += b.samples;
  worst(f.p50_ms, b.p50_ms);
  worst(f.p99_ms, b.p99_ms);
  worst(f.max_ms, b.max_ms);
  return f;
}

void merge_freshness(std::optional<ChFreshness>& into, const std::optional<ChFreshness>& other) {
  if (!other) return;
  into = into ? merged_freshness(*into, *other) : *other;
}

void merge_largest(std::optional<ChRecoveryConflicts>& into,
                   const std::optional<ChRecoveryConflicts>& other) {
  if (other && (!into || conflicts_total(*into) < conflicts_total(*other))) into = other;
}

void merge_largest(std::optional<std::int64_t>& into, const std::optional<std::int64_t>& other) {
  if (other && (!into || *into < *other)) into = other;
}

// One server's figures as two drivers saw it (each driver's streams on the
// same primary, or on the same standby k).
void merge_server(ChServerFigures& into, const ChServerFigures& other) {
  merge_freshness(into.freshness, other.freshness);
  merge_largest(into.conflicts, other.conflicts);
  merge_largest(into.primary_dead_tuples_growth, other.primary_dead_tuples_growth);
  if (!into.hot_standby_feedback) into.hot_standby_feedback = other.hot_standby_feedback;
  into.freshness_by_interval.clear();
}

void merge_query(ChQueryFigures& into, const ChQueryFigures& other) {
  into.count += other.count;
  into.rows += other.rows;
  into.errors += other.errors;
  into.recovery_conflicts += other.recovery_conflicts;
  into.cancels += other.cancels;
  worst(into.p50_ms, other.p50_ms);
  worst(into.p90_ms, other.p90_ms);
  worst(into.max_ms, other.max_ms);
}

void add_driver(ChFigures& into, const ChFigures& other) {
  into.streams += other.streams;
  into.queries += other.queries;
  into.seconds += other.seconds;  // divided by the drivers at the end
  worst(into.p50_ms, other.p50_ms);
  worst(into.p90_ms, other.p90_ms);
  worst(into.max_ms, other.max_ms);
  for (const ChQueryFigures& q : other.per_query) {
    auto mine = std::find_if(into.per_query.begin(), into.per_query.end(),
                             [&q](const ChQueryFigures& m) { return m.name == q.name; });
    if (mine == into.per_query.end()) {
      into.per_query.push_back(q);
    } else {
      merge_query(*mine, q);
    }
  }
  merge_freshness(into.freshness, other.freshness);
  for (std::size_t k = 0; k < other.servers.size(); ++k) {
    if (k < into.servers.size()) {
      merge_server(into.servers[k], other.servers[k]);
    } else {
      into.servers.push_back(other.servers[k]);
    }
  }
  for (const std::string& setting : other.session_settings) {
    if (std::find(into.session_settings.begin(), into.session_settings.end(), setting) ==
        into.session_settings.end()) {
      into.session_settings.push_back(setting);
    }
  }
}

}  // namespace

std::optional<ChFigures> merge_ch_figures(const std::vector<ChDriverBlock>& drivers) {
  const ChDriverBlock* first = nullptr;
  for (const ChDriverBlock& d : drivers) {
    if (!d.ch) continue;
    if (first == nullptr) {
      first = &d;
    } else if (d.ch->on != first->ch->on) {
      throw UsageError("tpcc report --merge: the analytic streams ran on the " + first->ch->on +
                       " in " + first->dir + ", on the " + d.ch->on + " in " + d.dir +
                       ": their freshness and conflicts are of different servers; nothing was "
                       "written");
    }
  }
  if (first == nullptr) return std::nullopt;
  ChFigures merged;
  int with_streams = 0;
  for (const ChDriverBlock& d : drivers) {
    if (!d.ch) continue;
    if (with_streams == 0) {
      merged = *d.ch;
      merged.interference.reset();
      for (ChServerFigures& s : merged.servers) s.freshness_by_interval.clear();
    } else {
      add_driver(merged, *d.ch);
    }
    ++with_streams;
    merged.merged_drivers.push_back(d.driver);
  }
  merged.seconds /= with_streams;
  merged.qphh = ch_qphh(merged.queries, merged.seconds);
  merged.merge_rule = kChMergeRule;
  return merged;
}

}  // namespace tpcc
