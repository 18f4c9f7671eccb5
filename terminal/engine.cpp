#include "terminal/engine.hpp"

#include <algorithm>
#include <condition_variable>
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

#include "config/errors.hpp"
#include "config/values.hpp"
#include "terminal/binding.hpp"
#include "terminal/engine_clock.hpp"
#include "terminal/engine_intervals.hpp"
#include "terminal/engine_queue.hpp"
#include "terminal/engine_stats.hpp"
#include "terminal/engine_worker.hpp"
#include "terminal/pacing.hpp"
#include "terminal/replication_lag.hpp"

namespace tpcc {

namespace asio = boost::asio;

int resolved_connections(const Config& config) {
  if (config.connections <= 0) return config.terminals;
  return std::min(config.connections, config.terminals);
}

bool uses_fast_path(const Config& config) {
  return unpaced(pacing_policy(config, config.terminals)) &&
         resolved_connections(config) == config.terminals;
}

Config standby_run_config(const Config& config, const StandbyTarget& standby) {
  Config run = config;
  run.conninfo = standby.conninfo;
  run.terminals = standby.terminals;
  run.mix = standby.mix;
  run.profile = Profile::ReadOnly;
  run.connections = 0;
  run.rate_tpm = 0;
  run.txns_per_terminal = 0;
  // A hot standby cannot run serializable transactions (SQLSTATE 0A000);
  // repeatable read gives the same single-snapshot reads.
  if (run.isolation == Isolation::Serializable) run.isolation = Isolation::RepeatableRead;
  run.standbys.clear();
  return run;
}

namespace {

// Anything that stops a session from opening and preparing its statements
// is a server error before work started (exit status 3).
[[noreturn]] void rethrow_connect_error(const std::exception_ptr& error, int connections) {
  try {
    std::rethrow_exception(error);
  } catch (const ConnectError& e) {
    const std::string message = e.what();
    const bool too_many = message.find("too many clients") != std::string::npos ||
                          message.find("connection slots") != std::string::npos;
    if (!too_many) throw;
    throw ConnectError(message + " (the run opens " + std::to_string(connections) +
                       " connections: lower --connections or raise the server's max_connections)");
  } catch (const std::exception& e) {
    throw ConnectError(std::string("cannot prepare the transactions' statements: ") + e.what());
  }
}

constexpr int kParallelConnects = 16;

// Replication lag is read at least this often (and every report interval
// when that is shorter), so each interval line shows a recent reading and
// the summary's percentiles rest on more than a handful of samples.
constexpr double kMaxLagPeriodSeconds = 1.0;

// The terminals of one server: the primary's read-write ones, or one
// standby's read-only ones. Everything here but the workers' own state is
// used on the io thread only.
struct Group {
  Group(Config group_config, int group_number, ConsoleLog& log)
      : config(std::move(group_config)),
        number(group_number),
        connections(resolved_connections(config)),
        fast_path(uses_fast_path(config)),
        policy(pacing_policy(config, config.terminals)),
        own_log(number == 0 ? nullptr
                            : std::make_unique<ConsoleLog>(log, "standby " +
                                                                    std::to_string(number) + ": ")),
        log(own_log ? *own_log : log) {}

  Config config;
  int number;  // 0: the primary; k: standby k
  int connections;
  bool fast_path;
  PacingPolicy policy;
  std::unique_ptr<ConsoleLog> own_log;
  ConsoleLog& log;
  std::vector<asio::steady_timer> terminal_timers;
  std::vector<VirtualTerminal> terminals;
  WorkerEnv env;
  std::vector<std::unique_ptr<Worker>> workers;
  WorkQueue queue;
  std::unique_ptr<IntervalReporter> reporter;
  int finished_terminals = 0;
};

std::string plural(int n, const std::string& word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

class Engine {
 public:
  Engine(const Config& config, const EngineSetup& setup, std::ostream& out);
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  EngineResult run();

 private:
  Group& primary() { return *groups_.front(); }
  void build_terminals(Group& group);
  void start_workers();
  void worker_main(Group& group, int worker);
  void log_start();
  void begin();
  void schedule_first_transactions(Group& group);
  void dispatch(Group& group, int terminal);
  void on_completion(Group& group, int terminal, const Completion& done);
  void on_terminal_finished(Group& group);
  void schedule_tick();
  void on_tick(Clock::time_point at);
  void emit_lines(Clock::time_point at, bool warmup);
  void finish_lines(Clock::time_point end, bool warmup);
  void print_and_keep(std::vector<IntervalSample> samples);
  void stop(bool interrupted);
  void join_workers();
  bool abandon_requested() {
    std::lock_guard<std::mutex> lock(gate_mutex_);
    return abandon_;
  }
  double since_start(Clock::time_point t) const { return seconds_between(phases_->start(), t); }

  const Config& config_;
  EngineSetup setup_;
  ConsoleLog log_;

  asio::io_context io_;
  asio::executor_work_guard<asio::io_context::executor_type> guard_;
  asio::signal_set signals_;
  asio::steady_timer report_timer_;

  // The primary's terminals first, then each standby's.
  std::vector<std::unique_ptr<Group>> groups_;
  int connections_ = 0;  // all groups'
  std::vector<std::thread> threads_;
  StopSignal stop_;
  std::unique_ptr<RunPhases> phases_;
  std::unique_ptr<LagSampler> sampler_;

  // Start gate: workers connect, then wait until the run begins (or is
  // abandoned because a connection failed).
  std::mutex gate_mutex_;
  std::condition_variable gate_cv_;
  int connecting_ = 0;
  int connected_ = 0;
  bool go_ = false;
  bool abandon_ = false;
  std::exception_ptr connect_error_;
  std::exception_ptr worker_error_;

  // Scheduler state; io thread only.
  bool stopping_ = false;
  bool interrupted_ = false;
  bool measuring_ = false;
};

Engine::Engine(const Config& config, const EngineSetup& setup, std::ostream& out)
    : config_(config),
      setup_(setup),
      log_(out),
      guard_(asio::make_work_guard(io_)),
      signals_(io_, SIGINT, SIGTERM),
      report_timer_(io_) {
  groups_.push_back(std::make_unique<Group>(config_, 0, log_));
  for (std::size_t i = 0; i < config_.standbys.size(); ++i) {
    groups_.push_back(std::make_unique<Group>(standby_run_config(config_, config_.standbys[i]),
                                              static_cast<int>(i + 1), log_));
  }
  for (auto& group : groups_) {
    group->env.config = &group->config;
    group->env.warehouses = setup_.warehouses;
    group->env.stop = &stop_;
    group->env.log = &group->log;
    connections_ += group->connections;
  }
}

Engine::~Engine() {
  stop_.request();
  for (auto& group : groups_) group->queue.close();
  {
    std::lock_guard<std::mutex> lock(gate_mutex_);
    abandon_ = true;
  }
  gate_cv_.notify_all();
  join_workers();
  if (sampler_) sampler_->stop();
}

void Engine::build_terminals(Group& group) {
  const Config& config = group.config;
  group.terminals.reserve(static_cast<std::size_t>(config.terminals));
  const HomeWarehouses homes = home_warehouses(config, setup_.warehouses);
  for (int i = 0; i < config.terminals; ++i) {
    const TerminalBinding binding = bind_terminal(i, homes);
    TerminalContext context;
    context.homes = homes;
    context.mode = config.mode;
    context.rollback_percent = config.rollback_percent;
    context.w_id = binding.w_id;
    context.d_id = binding.d_id;
    context.warehouses = setup_.warehouses;
    context.c_run = setup_.c_run;
    context.read_only = config.profile == Profile::ReadOnly;
    context.isolation = config.isolation;
    // The primary's terminal i draws from stream {i}, as in a run without
    // standbys; standby k's from {i, k}.
    const auto index = static_cast<std::uint64_t>(i);
    const Random rng = group.number == 0
                           ? Random::stream(setup_.seed, {index})
                           : Random::stream(setup_.seed, {index, static_cast<std::uint64_t>(group.number)});
    group.terminals.emplace_back(i, context, config.mix, rng);
  }
  if (!group.fast_path) {
    group.terminal_timers.reserve(group.terminals.size());
    for (std::size_t i = 0; i < group.terminals.size(); ++i) group.terminal_timers.emplace_back(io_);
  }
}

// Every worker opens its session on its own thread, several at a time; the
// run begins when all are open, or fails with the first that cannot open.
void Engine::start_workers() {
  for (auto& group : groups_) {
    std::vector<WorkerStats*> stats;
    for (int w = 0; w < group->connections; ++w) {
      group->workers.push_back(std::make_unique<Worker>(w, &group->env));
      stats.push_back(&group->workers.back()->stats());
    }
    group->reporter = std::make_unique<IntervalReporter>(std::move(stats));
  }
  threads_.reserve(static_cast<std::size_t>(connections_));
  for (auto& group : groups_) {
    Group* g = group.get();
    for (int w = 0; w < g->connections; ++w) threads_.emplace_back([this, g, w] { worker_main(*g, w); });
  }
  std::unique_lock<std::mutex> lock(gate_mutex_);
  gate_cv_.wait(lock, [this] { return connected_ == connections_; });
  if (connect_error_) {
    abandon_ = true;
    lock.unlock();
    gate_cv_.notify_all();
    join_workers();
    rethrow_connect_error(connect_error_, connections_);
  }
}

void Engine::worker_main(Group& group, int w) {
  Worker& worker = *group.workers[static_cast<std::size_t>(w)];
  std::exception_ptr error;
  {
    // At most kParallelConnects connection attempts at a time: a thousand
    // at once overflow the server's listen backlog (EAGAIN).
    std::unique_lock<std::mutex> lock(gate_mutex_);
    gate_cv_.wait(lock, [this] { return connecting_ < kParallelConnects || abandon_; });
    ++connecting_;
  }
  try {
    if (!abandon_requested()) worker.connect(group.config.conninfo);
  } catch (...) {
    error = std::current_exception();
  }
  {
    std::unique_lock<std::mutex> lock(gate_mutex_);
    if (error && !connect_error_) {
      connect_error_ = error;
      abandon_ = true;  // the others need not try
    }
    --connecting_;
    ++connected_;
    gate_cv_.notify_all();
    gate_cv_.wait(lock, [this] { return go_ || abandon_; });
    if (abandon_ || error) return;
  }
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
      std::lock_guard<std::mutex> lock(gate_mutex_);
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
  {
    std::lock_guard<std::mutex> lock(gate_mutex_);
    go_ = true;
  }
  gate_cv_.notify_all();
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
  asio::steady_timer& timer = group.terminal_timers[static_cast<std::size_t>(t)];
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
  emit_lines(at, !measuring_);
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

// Every group's line for the same interval, the primary's first.
void Engine::emit_lines(Clock::time_point at, bool warmup) {
  std::vector<IntervalSample> samples;
  for (auto& group : groups_) samples.push_back(group->reporter->cut(at, warmup));
  print_and_keep(std::move(samples));
}

void Engine::finish_lines(Clock::time_point end, bool warmup) {
  if (primary().reporter->tail_is_new_line(end, warmup)) {
    std::vector<IntervalSample> samples;
    for (auto& group : groups_) samples.push_back(group->reporter->cut_tail(end, warmup));
    print_and_keep(std::move(samples));
    return;
  }
  for (auto& group : groups_) group->reporter->merge_tail(end);
}

void Engine::print_and_keep(std::vector<IntervalSample> samples) {
  IntervalSample& primary_sample = samples.front();
  if (sampler_) primary_sample.lag = sampler_->latest();
  log_.line(format_interval_line(primary_sample));
  for (std::size_t k = 1; k < samples.size(); ++k) {
    const LagReading* lag = k <= primary_sample.lag.size() ? &primary_sample.lag[k - 1] : nullptr;
    log_.line(format_standby_interval_line(static_cast<int>(k), samples[k], lag));
  }
  for (std::size_t k = 0; k < samples.size(); ++k) groups_[k]->reporter->add(std::move(samples[k]));
}

void Engine::stop(bool interrupted) {
  if (stopping_) return;
  stopping_ = true;
  interrupted_ = interrupted;
  if (interrupted || !phases_->has_planned_end()) phases_->end_at(Clock::now());
  stop_.request();
  for (auto& group : groups_) {
    group->queue.close();
    for (asio::steady_timer& timer : group->terminal_timers) timer.cancel();
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

void Engine::log_start() {
  if (groups_.size() == 1) {
    log_.line("opening " + plural(connections_, "connection") + "...");
  } else {
    std::string line = "opening " + plural(connections_, "connection") + " (" +
                       std::to_string(primary().connections) + " to the primary";
    for (std::size_t k = 1; k < groups_.size(); ++k) {
      line += ", " + std::to_string(groups_[k]->connections) + " to standby " + std::to_string(k);
    }
    log_.line(line + ")...");
  }
}

EngineResult Engine::run() {
  for (auto& group : groups_) build_terminals(*group);
  log_start();
  start_workers();
  for (auto& group : groups_) {
    const Config& config = group->config;
    std::ostringstream started;
    started << "running " << plural(config.terminals, group->number == 0 ? "terminal" : "read-only terminal")
            << " on " << plural(group->connections, "connection") << " ("
            << (group->fast_path ? "one terminal per connection, unpaced" : "scheduled") << ")";
    if (group->number > 0) {
      started << "; mix " << format_mix(config.mix) << " (NO,P,OS,D,SL)";
    } else {
      if (config.warmup_seconds > 0) started << "; warm-up " << config.warmup_seconds << " s";
      if (config.txns_per_terminal > 0) {
        started << "; " << config.txns_per_terminal << " transactions per terminal";
      } else {
        started << "; measuring " << config.duration_seconds << " s";
      }
    }
    group->log.line(started.str());
  }
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
  finish_lines(end, config_.warmup_seconds > 0 && end <= phases_->warmup_end());

  EngineResult result;
  for (const auto& worker : primary().workers) result.stats.merge(worker->stats().measured());
  result.intervals = primary().reporter->take_samples();
  for (std::size_t k = 1; k < groups_.size(); ++k) {
    StandbyEngineResult standby;
    for (const auto& worker : groups_[k]->workers) standby.stats.merge(worker->stats().measured());
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
