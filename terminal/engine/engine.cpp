// The engine proper: one io thread runs the scheduler (the terminals'
// timers, the interval ticks, SIGINT/SIGTERM/SIGHUP, the downtime watchdog
// and the stop) while the worker threads run transactions. Workers post
// their completions to the io thread, so the scheduler's state needs no
// lock. The stop (stop.cpp), the worker threads (engine_workers.cpp), the
// groups of terminals (group.cpp), the start gate (gate.cpp) and the
// console lines (lines.cpp) live in files of their own.
#include "terminal/engine/engine_run.hpp"

#include "terminal/engine/ramp.hpp"

namespace tpcc {

namespace {

// Replication lag is read at least this often (and every report interval
// when that is shorter), so each interval line shows a recent reading and
// the summary's percentiles rest on more than a handful of samples.
constexpr double kMaxLagPeriodSeconds = 1.0;

// The keying and think times of the group's workload for slot `type`.
const TypeDelays& type_delays(const Group& group, TxnIndex type) {
  return group.workload->types()[static_cast<std::size_t>(type)].delays;
}

}  // namespace

std::string group_name(const Group& group) {
  return group.label.empty() ? "the server" : group.label;
}

Engine::Engine(const Config& config, const EngineSetup& setup, std::ostream& out)
    : config_(config),
      log_(out),
      guard_(asio::make_work_guard(io_)),
      signals_(io_, SIGINT, SIGTERM, SIGHUP),
      report_timer_(io_),
      watchdog_timer_(io_),
      grace_timer_(io_),
      groups_(make_groups(config_, setup, stop_, log_)),
      outputs_{setup.interval_lines, setup.on_interval, setup.side.interval_lines,
               setup.side.on_interval},
      start_barrier_(setup.start_barrier) {
  for (const auto& group : groups_) {
    group->env.interrupts = &interrupts_;
    Group* g = group.get();
    // Posted, so that the stop happens on the io thread.
    g->faults.set_on_fatal([this, g] {
      asio::post(io_, [this, g] {
        const std::optional<ErrorNote> fatal = g->faults.fatal_error();
        std::string detail = fatal ? fatal->message : std::string("fatal error");
        if (g->number > 0) detail = group_name(*g) + ": " + detail;
        if (!stopping_) stop_group_ = g->number;
        stop(StopReason::Fatal, detail);
      });
    });
    std::vector<asio::steady_timer>& timers = terminal_timers_.emplace_back();
    if (!group->fast_path) {
      timers.reserve(group->terminals.size());
      for (std::size_t i = 0; i < group->terminals.size(); ++i) timers.emplace_back(io_);
    }
    connections_ += group->connections + group->background_workers;
  }
}

Engine::~Engine() {
  stop_.request();
  interrupts_.stop_connecting();
  interrupts_.abandon_waits();
  for (auto& group : groups_) group->close_queues();
  gate_.abandon();
  join_workers();
  if (sampler_) sampler_->stop();
  if (metrics_) metrics_->stop();
  for (auto& standby : standby_metrics_) standby->stop();
}

// The sessions are open and the workers wait at the gate. SIGINT, SIGTERM
// and SIGHUP are watched from here on (the run's own handler comes with
// begin()): one ends the wait, and the run, with nothing measured.
void Engine::wait_for_common_start() {
  signals_.async_wait([this](const boost::system::error_code& ec, int) {
    if (!ec) signalled_before_start_ = true;
  });
  const auto signalled = [this] {
    io_.poll();
    return signalled_before_start_;
  };
  const Clock::time_point start = start_barrier_(signalled);
  constexpr auto kSignalPoll = std::chrono::milliseconds(10);
  while (!signalled() && Clock::now() < start) {
    std::this_thread::sleep_until(std::min(start, Clock::now() + kSignalPoll));
  }
  signals_.cancel();
  io_.poll();  // the cancelled wait's handler
  if (signalled_before_start_) {
    throw Interrupted("interrupted before the common start: nothing was measured");
  }
}

void Engine::begin() {
  const std::optional<double> duration = config_.txns_per_terminal > 0
                                             ? std::nullopt
                                             : std::optional<double>(config_.duration_seconds);
  phases_ = std::make_unique<RunPhases>(Clock::now(), config_.warmup_seconds, duration);
  wall_start_ = std::chrono::system_clock::now();
  for (auto& group : groups_) {
    group->env.phases = phases_.get();
    group->reporter->start(phases_->start());
  }
  measuring_ = config_.warmup_seconds <= 0;
  if (measuring_) checkpoints_->read_start();
  for (auto& group : groups_) group->faults.set_start(phases_->start());
  if (metrics_) metrics_->start();
  for (auto& standby : standby_metrics_) standby->start();
  if (sampler_) {
    sampler_->start(phases_.get(), std::min(kMaxLagPeriodSeconds,
                                            static_cast<double>(config_.report_interval_seconds)));
  }

  wait_for_signal();
  for (auto& group : groups_) {
    if (!group->fast_path) schedule_first_transactions(*group);
  }
  schedule_tick();
  schedule_watchdog();
  gate_.open();
}

void Engine::schedule_first_transactions(Group& group) {
  const PacingPolicy& policy = group.policy;
  for (VirtualTerminal& terminal : group.terminals) {
    terminal.type = group.env.workload->next(terminal);
    // --ramp: the terminal starts at its place in the ramp, after the
    // group's own start; its schedule counts from then.
    const double start =
        group.env.start_seconds +
        terminal_start_seconds(terminal.index, group.config.terminals, group.config.ramp_seconds);
    double ready = 0;
    if (group.policy.keying_and_thinking) {
      // A think time first, drawn like any other: think times are
      // exponential, hence memoryless, so this is what the rest of one
      // looks like from any moment, and the terminals do not all fall due
      // at once.
      const TypeDelays& delays = type_delays(group, terminal.type);
      const double think = draw_think_seconds(delays, policy.multiplier, terminal.rng);
      const double keying = keying_seconds(delays, policy.keying_multiplier);
      count_delays(group, terminal.type, seconds_after(phases_->start(), start), think,
                   terminal.type, keying);
      ready = think + keying;
    }
    const double arrival = policy.rate_limited ? group.next_arrival(terminal.index) : 0.0;
    // A schedule shared with terminals that started before it in the ramp
    // may have arrivals from before its start; it takes none of those.
    const double due = std::max(start, due_seconds(policy, start + ready, arrival));
    if (policy.rate_limited && policy.keying_and_thinking) {
      group.arrival_not_before(terminal.index, due);
    }
    terminal.due = seconds_after(phases_->start(), due);
    dispatch(group, terminal.index);
  }
}

// Queues the terminal's transaction now if it is due, else when it is.
void Engine::dispatch(Group& group, int t) {
  VirtualTerminal& terminal = group.terminals[static_cast<std::size_t>(t)];
  if (terminal.due <= Clock::now()) {
    group.queue.push(WorkItem{t, terminal.type, terminal.due});
    return;
  }
  asio::steady_timer& timer =
      terminal_timers_[static_cast<std::size_t>(group.number)][static_cast<std::size_t>(t)];
  timer.expires_at(terminal.due);
  timer.async_wait([this, &group, t](const boost::system::error_code& ec) {
    if (ec || stopping_) return;
    const VirtualTerminal& due = group.terminals[static_cast<std::size_t>(t)];
    group.queue.push(WorkItem{t, due.type, due.due});
  });
}

// 5.2.5.1: after the response, the terminal thinks (think time of the
// transaction just done), chooses the next transaction from its deck and
// keys it in (keying time of the new one); then it is due.
void Engine::on_completion(Group& group, int t, const Completion& done) {
  if (stopping_ || done.phase == Phase::After) return;
  const Config& config = group.config;
  VirtualTerminal& terminal = group.terminals[static_cast<std::size_t>(t)];
  if (terminal.aborted) {
    on_terminal_finished(group);
    return;
  }
  if (config.txns_per_terminal > 0 && done.phase == Phase::Measured &&
      ++terminal.measured_done >= config.txns_per_terminal) {
    terminal.finished = true;
    on_terminal_finished(group);
    return;
  }
  const PacingPolicy& policy = group.policy;
  const double think =
      policy.keying_and_thinking
          ? draw_think_seconds(type_delays(group, terminal.type), policy.multiplier, terminal.rng)
          : 0.0;
  const TxnIndex next = group.env.workload->next(terminal);
  const double keying = policy.keying_and_thinking
                            ? keying_seconds(type_delays(group, next), policy.keying_multiplier)
                            : 0.0;
  if (policy.keying_and_thinking) count_delays(group, terminal.type, done.at, think, next, keying);
  const double arrival = policy.rate_limited ? group.next_arrival(t) : 0.0;
  const double due = due_seconds(policy, since_start(done.at) + think + keying, arrival);
  if (policy.rate_limited && policy.keying_and_thinking) group.arrival_not_before(t, due);
  terminal.type = next;
  terminal.due = seconds_after(phases_->start(), due);
  dispatch(group, t);
}

void Engine::count_delays(Group& group, TxnIndex think_type, Clock::time_point think_from,
                          double think, TxnIndex keyed, double keying) {
  if (phases_->phase_at(think_from) == Phase::Measured) {
    group.pacing.txn.at(static_cast<std::size_t>(think_type)).think.add(think);
  }
  if (phases_->phase_at(seconds_after(think_from, think)) == Phase::Measured) {
    group.pacing.txn.at(static_cast<std::size_t>(keyed)).keying.add(keying);
  }
}

// The run ends when the primary's terminals are done; a standby's have no
// count of their own.
void Engine::on_terminal_finished(Group& group) {
  if (++group.finished_terminals == group.config.terminals && group.number == 0) {
    stop(StopReason::Completed);
  }
}

// Ticks every --report-interval seconds from the start, and once more at
// the end of the warm-up (from which they restart), so every interval line
// lies wholly in the warm-up or wholly in the measurement.
void Engine::schedule_tick() {
  Clock::time_point next =
      primary().reporter->last_boundary() + std::chrono::seconds(config_.report_interval_seconds);
  if (!measuring_) {
    next = std::min(next, phases_->warmup_end());
  } else if (phases_->has_planned_end()) {
    next = std::min(next, phases_->end());
  }
  report_timer_.expires_at(next);
  report_timer_.async_wait([this, next](const boost::system::error_code& ec) {
    if (ec || stopping_) return;
    on_tick(next);
  });
}

IntervalSamplers Engine::interval_samplers() const {
  IntervalSamplers samplers{sampler_.get(), metrics_.get(), {}};
  for (const auto& standby : standby_metrics_) samplers.standby_servers.push_back(standby.get());
  return samplers;
}

void Engine::on_tick(Clock::time_point at) {
  emit_interval_lines(groups_, at, !measuring_, interval_samplers(), log_, outputs_);
  if (!measuring_ && at >= phases_->warmup_end()) {
    measuring_ = true;
    checkpoints_->read_start();
    std::ostringstream line;
    line << "warm-up done after " << config_.warmup_seconds << " s; measuring";
    log_.line(line.str());
  }
  if (measuring_ && phases_->has_planned_end() && at >= phases_->end()) {
    stop(StopReason::Completed);
    return;
  }
  schedule_tick();
}

EngineResult Engine::run() {
  log_opening(groups_, connections_, log_);
  checkpoints_ = std::make_unique<CheckpointWatch>(config_.conninfo);
  start_workers();
  if (start_barrier_) wait_for_common_start();
  for (const auto& group : groups_) log_running(*group);
  if (!config_.standbys.empty()) {
    std::vector<std::string> standbys;
    for (const StandbyTarget& standby : config_.standbys) standbys.push_back(standby.conninfo);
    sampler_ = std::make_unique<LagSampler>(config_.conninfo, std::move(standbys), log_);
  }
  if (config_.server_metrics) {
    metrics_ = std::make_unique<ServerMetricsSampler>(config_.conninfo, log_);
    for (std::size_t k = 0; k < config_.standbys.size(); ++k) {
      standby_metrics_.push_back(std::make_unique<ServerMetricsSampler>(
          config_.standbys[k].conninfo, log_, ServerRole::Standby,
          "standby " + std::to_string(k + 1) + " metrics"));
    }
  }

  begin();
  io_.run();
  join_workers();
  const Clock::time_point end = std::min(phases_->end(), Clock::now());
  finish_interval_lines(groups_, end, config_.warmup_seconds > 0 && end <= phases_->warmup_end(),
                        interval_samplers(), log_, outputs_);

  EngineResult result;
  result.stats = measured_stats(primary());
  result.terminals = measured_terminal_totals(primary());
  result.hosts = measured_host_stats(primary());
  // What was handed off and never started (2.7.2: deferred Deliveries
  // still queued) counts into the measured figures and is recorded.
  if (primary().background) primary().background->abandon_remaining(*phases_, result.stats);
  result.intervals = primary().reporter->take_samples();
  for (std::size_t k = 1; k < groups_.size(); ++k) {
    if (groups_[k]->side) {
      StandbyEngineResult side;
      side.stats = measured_stats(*groups_[k]);
      side.intervals = groups_[k]->reporter->take_samples();
      side.health = groups_[k]->faults.health(end);
      side.health.aborted_terminals = aborted_terminals(*groups_[k]);
      if (stop_group_ == static_cast<int>(k)) side.health.stop_detail = stop_detail_;
      result.side.push_back(std::move(side));
      continue;
    }
    StandbyEngineResult standby;
    standby.stats = measured_stats(*groups_[k]);
    standby.terminals = measured_terminal_totals(*groups_[k]);
    standby.intervals = groups_[k]->reporter->take_samples();
    standby.health = groups_[k]->faults.health(end);
    standby.health.aborted_terminals = aborted_terminals(*groups_[k]);
    // The standby stopped the run: its own stop detail says so.
    if (stop_group_ == static_cast<int>(k)) standby.health.stop_detail = stop_detail_;
    if (k <= standby_metrics_.size()) {
      standby_metrics_[k - 1]->stop();
      standby.server_metrics = standby_metrics_[k - 1]->run_figures();
    }
    result.standbys.push_back(std::move(standby));
  }
  if (sampler_) {
    sampler_->stop();
    result.lag = sampler_->take_samples();
  }
  result.checkpoints = checkpoints_->finish();
  if (metrics_) {
    metrics_->stop();
    result.server_metrics = metrics_->run_figures();
  }
  result.measured_seconds = phases_->measured_seconds();
  result.warmup_seconds = phases_->warmup_seconds();
  result.wall_start = wall_start_;
  result.interrupted = stop_reason_ == StopReason::Interrupted;
  result.health = primary().faults.health(end);
  result.health.stop = stop_reason_;
  result.health.stop_detail = stop_detail_;
  result.health.failover_expected = config_.failover;
  result.health.aborted_terminals = aborted_terminals(primary());
  for (const auto& worker : primary().workers) {
    result.acknowledged.insert(result.acknowledged.end(), worker->acknowledged().begin(),
                               worker->acknowledged().end());
  }
  return result;
}

EngineResult run_engine(const Config& config, const EngineSetup& setup, std::ostream& out) {
  Engine engine(config, setup, out);
  return engine.run();
}

}  // namespace tpcc
