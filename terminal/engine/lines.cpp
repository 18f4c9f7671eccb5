// The engine's console lines (see lines.hpp): start-up lines built
// from the groups' settings, interval lines in the caller's wording.
#include "terminal/engine/lines.hpp"

#include "terminal/engine/workload.hpp"

#include <cstddef>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "config/settings/values.hpp"
#include "metrics/run.hpp"
#include "terminal/engine/ramp.hpp"

namespace tpcc {
namespace {

std::string plural(int n, const std::string& word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

// Cuts each group's interval up to `end` (cut_tail at the run's end), with
// its downtime and stalled transactions.
template <typename Cut>
std::vector<IntervalSample> cut_all(const Groups& groups, Clock::time_point end, Cut cut) {
  std::vector<IntervalSample> samples;
  for (const auto& group : groups) {
    const Clock::time_point from = group->reporter->last_boundary();
    IntervalSample sample = cut(*group->reporter);
    sample.downtime_seconds = group->faults.downtime_between(from, end);
    sample.unreachable_connections = group->faults.take_unreachable_connections();
    const StalledWork stalled = stalled_work(*group, end);
    sample.stalled = stalled.count;
    sample.oldest_stalled_seconds = stalled.oldest_seconds;
    // --ramp: the terminals started by the end of the interval (none of a
    // group held back until then or later).
    sample.terminals = group->config.terminals;
    if (group->env.phases == nullptr) {
      sample.active_terminals = sample.terminals;
    } else {
      const double elapsed =
          seconds_between(group->env.phases->start(), end) - group->env.start_seconds;
      const bool held_back = group->env.start_seconds > 0 && elapsed <= 0;
      sample.active_terminals =
          held_back ? 0 : started_terminals(elapsed, sample.terminals, group->config.ramp_seconds);
    }
    samples.push_back(std::move(sample));
  }
  return samples;
}

// Prints one interval's samples (the primary's first), hands them to the
// sink and each to its group's reporter.
void print_and_keep(const Groups& groups, std::vector<IntervalSample> samples,
                    const IntervalSamplers& samplers, ConsoleLog& log,
                    const IntervalOutputs& outputs) {
  // The side groups' samples (after the servers') go their own way.
  std::size_t servers = 0;
  while (servers < groups.size() && !groups[servers]->side) ++servers;
  std::vector<IntervalSample> side(samples.begin() + static_cast<std::ptrdiff_t>(servers),
                                   samples.end());
  samples.resize(servers);
  IntervalSample& primary_sample = samples.front();
  if (samplers.lag) primary_sample.lag = samplers.lag->latest();
  if (samplers.server) primary_sample.server = samplers.server->cut();
  for (std::size_t k = 1; k < samples.size() && k <= samplers.standby_servers.size(); ++k) {
    samples[k].server = samplers.standby_servers[k - 1]->cut();
  }
  if (outputs.lines) {
    for (const std::string& line : outputs.lines(samples)) log.line(line);
  }
  if (outputs.sink) outputs.sink(samples);
  if (!side.empty() && outputs.side_lines) {
    for (const std::string& line : outputs.side_lines(side)) log.line(line);
  }
  if (!side.empty() && outputs.side_sink) outputs.side_sink(side);
  for (std::size_t k = 0; k < samples.size(); ++k) groups[k]->reporter->add(std::move(samples[k]));
  for (std::size_t k = 0; k < side.size(); ++k) {
    groups[servers + k]->reporter->add(std::move(side[k]));
  }
}

}  // namespace

void log_opening(const Groups& groups, int connections, ConsoleLog& log) {
  if (groups.size() == 1) {
    log.line("opening " + plural(connections, "connection") + "...");
    return;
  }
  std::string line = "opening " + plural(connections, "connection") + " (" +
                     std::to_string(groups.front()->connections) + " to the primary";
  for (std::size_t k = 1; k < groups.size(); ++k) {
    line += ", " + std::to_string(groups[k]->connections) + (groups[k]->side ? " for " : " to ") +
            groups[k]->label;
  }
  log.line(line + ")...");
}

void log_running(const Group& group) {
  const Config& config = group.config;
  std::ostringstream started;
  started << "running "
          << plural(config.terminals,
                    group.number == 0 || group.side ? "terminal" : "read-only terminal")
          << " on " << plural(group.connections, "connection") << " ("
          << (group.fast_path ? "one terminal per connection, unpaced" : "scheduled");
  if (group.fiber_threads > 0) started << ", on " << plural(group.fiber_threads, "thread");
  started << ")";
  if (group.number > 0) {
    // TPC-C's standbys deal Order-Status and Stock-Level by weight; another
    // workload's run its read-only test.
    if (group.env.workload->deals_decks()) {
      started << "; mix " << format_mix(config.mix) << " (NO,P,OS,D,SL)";
    } else {
      started << "; " << group.env.workload->name();
    }
  } else {
    if (config.warmup_seconds > 0) started << "; warm-up " << config.warmup_seconds << " s";
    if (config.ramp_seconds > 0) {
      started << "; terminals starting over " << config.ramp_seconds << " s";
    }
    if (config.txns_per_terminal > 0) {
      started << "; " << config.txns_per_terminal << " transactions per terminal";
    } else {
      started << "; measuring " << config.duration_seconds << " s";
    }
  }
  group.log.line(started.str());
}

void emit_interval_lines(const Groups& groups, Clock::time_point at, bool warmup,
                         const IntervalSamplers& samplers, ConsoleLog& log,
                         const IntervalOutputs& outputs) {
  auto samples = cut_all(groups, at, [&](IntervalReporter& r) { return r.cut(at, warmup); });
  print_and_keep(groups, std::move(samples), samplers, log, outputs);
}

void finish_interval_lines(const Groups& groups, Clock::time_point end, bool warmup,
                           const IntervalSamplers& samplers, ConsoleLog& log,
                           const IntervalOutputs& outputs) {
  // Every group decides alike (they share the boundaries); the primary's
  // reporter speaks for all.
  if (groups.front()->reporter->tail_is_new_line(end, warmup)) {
    auto samples =
        cut_all(groups, end, [&](IntervalReporter& r) { return r.cut_tail(end, warmup); });
    print_and_keep(groups, std::move(samples), samplers, log, outputs);
    return;
  }
  for (const auto& group : groups) group->reporter->merge_tail(end);
}

}  // namespace tpcc
