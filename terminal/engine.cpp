// The engine proper: one io thread runs the scheduler (the terminals'
// timers, the interval ticks, SIGINT/SIGTERM and the stop) while the worker
// threads run transactions. Workers post their completions to the io
// thread, so the scheduler's state needs no lock. The groups of terminals
// (engine_group), the start gate (engine_gate) and the console lines
// (engine_lines) live in files of their own.
#include "terminal/engine.hpp"

#include <algorithm>
#include <csignal>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <utility>

#include <boost/asio.hpp>

#include "terminal/engine_clock.hpp"
#include "terminal/engine_gate.hpp"
#include "terminal/engine_group.hpp"
#include "terminal/engine_lines.hpp"
#include "terminal/engine_queue.hpp"
#include "terminal/engine_worker.hpp"
#include "terminal/pacing.hpp"
#include "terminal/replication_lag.hpp"

namespace tpcc {

namespace asio = boost::asio;

namespace {

// Replication lag is read at least this often (and every report interval
// when that is shorter), so each interval line shows a recent reading and
// the summary's percentiles rest on more than a handful of samples.
constexpr double kMaxLagPeriodSeconds = 1.0;

class Engine {
 public:
  Engine(const Config& config, const EngineSetup& setup, std::ostream& out);
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  EngineResult run();

 private:
  Group& primary() { return *groups_.front(); }
  void start_workers();
  void worker_main(Group& group, int worker);
  void begin();
  void schedule_first_transactions(Group& group);
  void dispatch(Group& group, int terminal);
  void on_completion(Group& group, int terminal, const Completion& done);
  void on_terminal_finished(Group& group);
  void schedule_tick();
  void on_tick(Clock::time_point at);
  void stop(bool interrupted);
  void join_workers();
  double since_start(Clock::time_point t) const { return seconds_between(phases_->start(), t); }

  const Config& config_;
  ConsoleLog log_;
  StopSignal stop_;

  asio::io_context io_;
  asio::executor_work_guard<asio::io_context::executor_type> guard_;
  asio::signal_set signals_;
  asio::steady_timer report_timer_;

  // The primary's terminals first, then each standby's.
  Groups groups_;
  // [group number][terminal]: when each terminal's next transaction falls
  // due; none for a group on the fast path. Kept here rather than in Group
  // so Boost.Asio stays out of engine_group.hpp.
  std::vector<std::vector<asio::steady_timer>> terminal_timers_;
  int connections_ = 0;  // all groups'
  std::vector<std::thread> threads_;
  std::unique_ptr<RunPhases> phases_;
  std::unique_ptr<LagSampler> sampler_;

  StartGate gate_;
  std::mutex worker_error_mutex_;
  std::exception_ptr worker_error_;  // the first unexpected one

  // Scheduler state; io thread only.
  bool stopping_ = false;
  bool interrupted_ = false;
  bool measuring_ = false;
};

Engine::Engine(const Config& config, const EngineSetup& setup, std::ostream& out)
    : config_(config),
      log_(out),
      guard_(asio::make_work_guard(io_)),
      signals_(io_, SIGINT, SIGTERM),
      report_timer_(io_),
      groups_(make_groups(config_, setup, stop_, log_)) {
  for (const auto& group : groups_) {
    std::vector<asio::steady_timer>& timers = terminal_timers_.emplace_back();
    if (!group->fast_path) {
      timers.reserve(group->terminals.size());
      for (std::size_t i = 0; i < group->terminals.size(); ++i) timers.emplace_back(io_);
    }
    connections_ += group->connections;
  }
}

Engine::~Engine() {
  stop_.request();
  for (auto& group : groups_) group->queue.close();
  gate_.abandon();
  join_workers();
  if (sampler_) sampler_->stop();
}

// Every worker opens its session on its own thread, several at a time; the
// run begins when all are open, or fails with the first that cannot open.
void Engine::start_workers() {
  threads_.reserve(static_cast<std::size_t>(connections_));
  for (auto& group : groups_) {
    Group* g = group.get();
    for (int w = 0; w < g->connections; ++w) threads_.emplace_back([this, g, w] { worker_main(*g, w); });
  }
  if (const std::exception_ptr error = gate_.wait_connected(connections_)) {
    join_workers();
    rethrow_connect_error(error, connections_);
  }
}

void Engine::worker_main(Group& group, int w) {
  Worker& worker = *group.workers[static_cast<std::size_t>(w)];
  std::exception_ptr error;
  gate_.enter_connect();
  try {
    if (!gate_.abandoned()) worker.connect(group.config.conninfo);
  } catch (...) {
    error = std::current_exception();
  }
  if (!gate_.leave_connect(error)) return;
  try {
    if (group.fast_path) {
      VirtualTerminal& terminal = group.terminals[static_cast<std::size_t>(w)];
      worker.run_terminal(terminal);
      if (terminal.finished) asio::post(io_, [this, &group] { on_terminal_finished(group); });
      return;
    }
    while (const std::optional<WorkItem> item = group.queue.pop()) {
      VirtualTerminal& terminal = group.terminals[static_cast<std::size_t>(item->terminal)];
      const Completion done = worker.execute(terminal, item->type, item->due);
      asio::post(io_, [this, &group, t = item->terminal, done] { on_completion(group, t, done); });
    }
  } catch (...) {
    // execute() classifies every transaction failure; anything arriving
    // here is unexpected and ends the run.
    {
      std::lock_guard<std::mutex> lock(worker_error_mutex_);
      if (!worker_error_) worker_error_ = std::current_exception();
    }
    asio::post(io_, [this] { stop(false); });
  }
}

void Engine::begin() {
  const std::optional<double> duration =
      config_.txns_per_terminal > 0 ? std::nullopt
                                    : std::optional<double>(config_.duration_seconds);
  phases_ = std::make_unique<RunPhases>(Clock::now(), config_.warmup_seconds, duration);
  for (auto& group : groups_) {
    group->env.phases = phases_.get();
    group->reporter->start(phases_->start());
  }
  measuring_ = config_.warmup_seconds <= 0;
  if (sampler_) {
    sampler_->start(phases_.get(), std::min(kMaxLagPeriodSeconds,
                                            static_cast<double>(config_.report_interval_seconds)));
  }

  signals_.async_wait([this](const boost::system::error_code& ec, int signal_number) {
    if (ec) return;
    log_.line(std::string("received ") + (signal_number == SIGINT ? "SIGINT" : "SIGTERM") +
              ": stopping, the results so far will be written");
    stop(true);
  });
  for (auto& group : groups_) {
    if (!group->fast_path) schedule_first_transactions(*group);
  }
  schedule_tick();
  gate_.open();
}

void Engine::schedule_first_transactions(Group& group) {
  const PacingPolicy& policy = group.policy;
  for (VirtualTerminal& terminal : group.terminals) {
    terminal.type = terminal.deck.draw(terminal.rng);
    double ready = 0;
    if (group.policy.keying_and_thinking) {
      // See first_due(): a think time first, so the terminals spread out.
      ready = draw_think_seconds(terminal.type, policy.multiplier, terminal.rng) +
              keying_seconds(terminal.type, policy.keying_multiplier);
    }
    const double due = first_due(group.policy, terminal.index, group.config.terminals, ready);
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
  if (config.txns_per_terminal > 0 && done.phase == Phase::Measured &&
      ++terminal.measured_done >= config.txns_per_terminal) {
    terminal.finished = true;
    on_terminal_finished(group);
    return;
  }
  const PacingPolicy& policy = group.policy;
  const double think = policy.keying_and_thinking
                           ? draw_think_seconds(terminal.type, policy.multiplier, terminal.rng)
                           : 0.0;
  const TxnIndex next = terminal.deck.draw(terminal.rng);
  const double keying =
      policy.keying_and_thinking ? keying_seconds(next, policy.keying_multiplier) : 0.0;
  const double due =
      next_due(policy, since_start(terminal.due), since_start(done.at), think, keying);
  terminal.type = next;
  terminal.due = seconds_after(phases_->start(), due);
  dispatch(group, t);
}

// The run ends when the primary's terminals are done; a standby's have no
// count of their own.
void Engine::on_terminal_finished(Group& group) {
  if (++group.finished_terminals == group.config.terminals && group.number == 0) stop(false);
}

// Ticks every --report-interval seconds from the start, and once more at
// the end of the warm-up (from which they restart), so every interval line
// lies wholly in the warm-up or wholly in the measurement.
void Engine::schedule_tick() {
  Clock::time_point next = primary().reporter->last_boundary() +
                           std::chrono::seconds(config_.report_interval_seconds);
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

void Engine::on_tick(Clock::time_point at) {
  emit_interval_lines(groups_, at, !measuring_, sampler_.get(), log_);
  if (!measuring_ && at >= phases_->warmup_end()) {
    measuring_ = true;
    std::ostringstream line;
    line << "warm-up done after " << config_.warmup_seconds << " s; measuring";
    log_.line(line.str());
  }
  if (measuring_ && phases_->has_planned_end() && at >= phases_->end()) {
    stop(false);
    return;
  }
  schedule_tick();
}

void Engine::stop(bool interrupted) {
  if (stopping_) return;
  stopping_ = true;
  interrupted_ = interrupted;
  if (interrupted || !phases_->has_planned_end()) phases_->end_at(Clock::now());
  stop_.request();
  for (auto& group : groups_) group->queue.close();
  for (auto& timers : terminal_timers_) {
    for (asio::steady_timer& timer : timers) timer.cancel();
  }
  report_timer_.cancel();
  boost::system::error_code ignored;
  signals_.cancel(ignored);
  guard_.reset();
}

void Engine::join_workers() {
  for (std::thread& thread : threads_) {
    if (thread.joinable()) thread.join();
  }
}

EngineResult Engine::run() {
  log_opening(groups_, connections_, log_);
  start_workers();
  for (const auto& group : groups_) log_running(*group);
  if (!config_.standbys.empty()) {
    std::vector<std::string> standbys;
    for (const StandbyTarget& standby : config_.standbys) standbys.push_back(standby.conninfo);
    sampler_ = std::make_unique<LagSampler>(config_.conninfo, std::move(standbys), log_);
  }

  begin();
  io_.run();
  join_workers();
  if (worker_error_) std::rethrow_exception(worker_error_);
  const Clock::time_point end = std::min(phases_->end(), Clock::now());
  finish_interval_lines(groups_, end, config_.warmup_seconds > 0 && end <= phases_->warmup_end(),
                        sampler_.get(), log_);

  EngineResult result;
  result.stats = measured_stats(primary());
  result.intervals = primary().reporter->take_samples();
  for (std::size_t k = 1; k < groups_.size(); ++k) {
    StandbyEngineResult standby;
    standby.stats = measured_stats(*groups_[k]);
    standby.intervals = groups_[k]->reporter->take_samples();
    result.standbys.push_back(std::move(standby));
  }
  if (sampler_) {
    sampler_->stop();
    result.lag = sampler_->take_samples();
  }
  result.measured_seconds = phases_->measured_seconds();
  result.warmup_seconds = phases_->warmup_seconds();
  result.interrupted = interrupted_;
  return result;
}

}  // namespace

EngineResult run_engine(const Config& config, const EngineSetup& setup, std::ostream& out) {
  Engine engine(config, setup, out);
  return engine.run();
}

}  // namespace tpcc
