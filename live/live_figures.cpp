#include "live/live_figures.hpp"

#include <utility>

namespace tpcc {

LiveFigures::LiveFigures(std::vector<std::string> standbys, int terminals)
    : standbys_(std::move(standbys)) {
  snapshot_.terminals = terminals;
  for (const std::string& standby : standbys_) snapshot_.lag.push_back({standby, std::nullopt});
}

void LiveFigures::set_workload(std::vector<std::string> types, bool tpmc) {
  const std::lock_guard<std::mutex> lock(mutex_);
  snapshot_.types = std::move(types);
  snapshot_.tpmc = tpmc;
}

void LiveFigures::add_interval(const std::vector<IntervalSample>& samples) {
  if (samples.empty()) return;
  const IntervalSample& primary = samples.front();
  const std::lock_guard<std::mutex> lock(mutex_);
  LiveSnapshot& s = snapshot_;
  if (s.phase == LivePhase::Done) return;
  s.phase = primary.warmup ? LivePhase::Warmup : LivePhase::Measured;
  // Sized by the first line, warm-up or measured: the run's types.
  if (s.measured.types() == 0) s.measured = RunStats(primary.stats.types());
  if (!primary.warmup) {
    s.measured.merge(primary.stats);
    measured_seconds_ += primary.length_seconds;
    s.run_tpmc = tpmc(s.measured, measured_seconds_);
  }
  s.interval_tpmc = tpmc(primary.stats, primary.length_seconds);
  if (primary.terminals > 0) {
    s.active_terminals = primary.active_terminals;
    s.terminals = primary.terminals;
  }
  s.downtime_seconds += primary.downtime_seconds;
  for (std::size_t k = 0; k < s.lag.size(); ++k) {
    const std::optional<double> ms =
        k < primary.lag.size() ? primary.lag[k].replay_lag_ms : std::nullopt;
    s.lag[k].replay_lag_seconds = ms ? std::optional<double>(*ms / 1000.0) : std::nullopt;
  }
}

void LiveFigures::set_side(std::string workload, std::vector<std::string> types) {
  const std::lock_guard<std::mutex> lock(mutex_);
  snapshot_.side.workload = std::move(workload);
  snapshot_.side.measured = RunStats(types.size());
  snapshot_.side.types = std::move(types);
}

void LiveFigures::add_side_interval(const std::vector<IntervalSample>& samples) {
  const std::lock_guard<std::mutex> lock(mutex_);
  LiveSide& side = snapshot_.side;
  if (snapshot_.phase == LivePhase::Done || samples.empty()) return;
  int active = 0;
  for (const IntervalSample& group : samples) {
    active += group.active_terminals;
    if (!group.warmup) side.measured.merge(group.stats);
  }
  side.active_terminals = active;
}

void LiveFigures::finish(const RunStats& measured, double measured_seconds, double downtime_seconds,
                         const RunStats* side_measured) {
  const std::lock_guard<std::mutex> lock(mutex_);
  if (side_measured != nullptr) snapshot_.side.measured = *side_measured;
  snapshot_.phase = LivePhase::Done;
  snapshot_.measured = measured;
  measured_seconds_ = measured_seconds;
  snapshot_.run_tpmc = tpmc(measured, measured_seconds);
  snapshot_.downtime_seconds = downtime_seconds;
}

LiveSnapshot LiveFigures::snapshot() const {
  const std::lock_guard<std::mutex> lock(mutex_);
  return snapshot_;
}

}  // namespace tpcc
