#include "terminal/engine.hpp"

#include <algorithm>
#include <condition_variable>
#include <csignal>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>
#include <utility>

#include <boost/asio.hpp>

#include "config/errors.hpp"
#include "terminal/binding.hpp"
#include "terminal/engine_clock.hpp"
#include "terminal/engine_intervals.hpp"
#include "terminal/engine_queue.hpp"
#include "terminal/engine_stats.hpp"
#include "terminal/engine_worker.hpp"
#include "terminal/pacing.hpp"

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

class Engine {
 public:
  Engine(const Config& config, const EngineSetup& setup, std::ostream& out);
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  EngineResult run();

 private:
  void build_terminals();
  void start_workers();
  void worker_main(int worker);
  void begin();
  void schedule_first_transactions();
  void dispatch(int terminal);
  void on_completion(int terminal, const Completion& done);
  void on_terminal_finished();
  void schedule_tick();
  void on_tick(Clock::time_point at);
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
  int connections_;
  bool fast_path_;
  PacingPolicy policy_;

  asio::io_context io_;
  asio::executor_work_guard<asio::io_context::executor_type> guard_;
  asio::signal_set signals_;
  asio::steady_timer report_timer_;
  std::vector<asio::steady_timer> terminal_timers_;

  std::vector<VirtualTerminal> terminals_;
  WorkerEnv env_;
  std::vector<std::unique_ptr<Worker>> workers_;
  std::vector<std::thread> threads_;
  WorkQueue queue_;
  StopSignal stop_;
  std::unique_ptr<RunPhases> phases_;

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
  int finished_terminals_ = 0;
  std::unique_ptr<IntervalReporter> reporter_;
};

Engine::Engine(const Config& config, const EngineSetup& setup, std::ostream& out)
    : config_(config),
      setup_(setup),
      log_(out),
      connections_(resolved_connections(config)),
      fast_path_(uses_fast_path(config)),
      policy_(pacing_policy(config, config.terminals)),
      guard_(asio::make_work_guard(io_)),
      signals_(io_, SIGINT, SIGTERM),
      report_timer_(io_) {
  env_.config = &config_;
  env_.warehouses = setup_.warehouses;
  env_.stop = &stop_;
  env_.log = &log_;
}

Engine::~Engine() {
  stop_.request();
  queue_.close();
  {
    std::lock_guard<std::mutex> lock(gate_mutex_);
    abandon_ = true;
  }
  gate_cv_.notify_all();
  join_workers();
}

void Engine::build_terminals() {
  terminals_.reserve(static_cast<std::size_t>(config_.terminals));
  const HomeWarehouses homes = home_warehouses(config_, setup_.warehouses);
  for (int i = 0; i < config_.terminals; ++i) {
    const TerminalBinding binding = bind_terminal(i, homes);
    TerminalContext context;
    context.homes = homes;
    context.mode = config_.mode;
    context.rollback_percent = config_.rollback_percent;
    context.w_id = binding.w_id;
    context.d_id = binding.d_id;
    context.warehouses = setup_.warehouses;
    context.c_run = setup_.c_run;
    context.read_only = config_.profile == Profile::ReadOnly;
    context.isolation = config_.isolation;
    terminals_.emplace_back(i, context, config_.mix,
                            Random::stream(setup_.seed, {static_cast<std::uint64_t>(i)}));
  }
  if (!fast_path_) {
    terminal_timers_.reserve(terminals_.size());
    for (std::size_t i = 0; i < terminals_.size(); ++i) terminal_timers_.emplace_back(io_);
  }
}

// Every worker opens its session on its own thread, several at a time; the
// run begins when all are open, or fails with the first that cannot open.
void Engine::start_workers() {
  std::vector<WorkerStats*> stats;
  for (int w = 0; w < connections_; ++w) {
    workers_.push_back(std::make_unique<Worker>(w, &env_));
    stats.push_back(&workers_.back()->stats());
  }
  reporter_ = std::make_unique<IntervalReporter>(log_, std::move(stats));
  threads_.reserve(workers_.size());
  for (int w = 0; w < connections_; ++w) threads_.emplace_back([this, w] { worker_main(w); });
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

void Engine::worker_main(int w) {
  Worker& worker = *workers_[static_cast<std::size_t>(w)];
  std::exception_ptr error;
  {
    // At most kParallelConnects connection attempts at a time: a thousand
    // at once overflow the server's listen backlog (EAGAIN).
    std::unique_lock<std::mutex> lock(gate_mutex_);
    gate_cv_.wait(lock, [this] { return connecting_ < kParallelConnects || abandon_; });
    ++connecting_;
  }
  try {
    if (!abandon_requested()) worker.connect(config_.conninfo);
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
    if (fast_path_) {
      VirtualTerminal& terminal = terminals_[static_cast<std::size_t>(w)];
      worker.run_terminal(terminal);
      if (terminal.finished) asio::post(io_, [this] { on_terminal_finished(); });
      return;
    }
    while (const std::optional<WorkItem> item = queue_.pop()) {
      VirtualTerminal& terminal = terminals_[static_cast<std::size_t>(item->terminal)];
      const Completion done = worker.execute(terminal, item->type, item->due);
      asio::post(io_, [this, t = item->terminal, done] { on_completion(t, done); });
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
  env_.phases = phases_.get();
  reporter_->start(phases_->start());
  measuring_ = config_.warmup_seconds <= 0;

  signals_.async_wait([this](const boost::system::error_code& ec, int signal_number) {
    if (ec) return;
    log_.line(std::string("received ") + (signal_number == SIGINT ? "SIGINT" : "SIGTERM") +
              ": stopping, the results so far will be written");
    stop(true);
  });
  if (!fast_path_) schedule_first_transactions();
  schedule_tick();
  {
    std::lock_guard<std::mutex> lock(gate_mutex_);
    go_ = true;
  }
  gate_cv_.notify_all();
}

void Engine::schedule_first_transactions() {
  const double multiplier = config_.think_multiplier;
  for (VirtualTerminal& terminal : terminals_) {
    terminal.type = terminal.deck.draw(terminal.rng);
    double ready = 0;
    if (policy_.keying_and_thinking) {
      // See first_due(): a think time first, so the terminals spread out.
      ready = draw_think_seconds(terminal.type, multiplier, terminal.rng) +
              keying_seconds(terminal.type, multiplier);
    }
    const double due = first_due(policy_, terminal.index, config_.terminals, ready);
    terminal.due = seconds_after(phases_->start(), due);
    dispatch(terminal.index);
  }
}

// Queues the terminal's transaction now if it is due, else when it is.
void Engine::dispatch(int t) {
  VirtualTerminal& terminal = terminals_[static_cast<std::size_t>(t)];
  if (terminal.due <= Clock::now()) {
    queue_.push(WorkItem{t, terminal.type, terminal.due});
    return;
  }
  asio::steady_timer& timer = terminal_timers_[static_cast<std::size_t>(t)];
  timer.expires_at(terminal.due);
  timer.async_wait([this, t](const boost::system::error_code& ec) {
    if (ec || stopping_) return;
    const VirtualTerminal& due = terminals_[static_cast<std::size_t>(t)];
    queue_.push(WorkItem{t, due.type, due.due});
  });
}

// 5.2.5.1: after the response, the terminal thinks (think time of the
// transaction just done), chooses the next transaction from its deck and
// keys it in (keying time of the new one); then it is due.
void Engine::on_completion(int t, const Completion& done) {
  if (stopping_ || done.phase == Phase::After) return;
  VirtualTerminal& terminal = terminals_[static_cast<std::size_t>(t)];
  if (config_.txns_per_terminal > 0 && done.phase == Phase::Measured &&
      ++terminal.measured_done >= config_.txns_per_terminal) {
    terminal.finished = true;
    on_terminal_finished();
    return;
  }
  const double multiplier = config_.think_multiplier;
  const double think = policy_.keying_and_thinking
                           ? draw_think_seconds(terminal.type, multiplier, terminal.rng)
                           : 0.0;
  const TxnIndex next = terminal.deck.draw(terminal.rng);
  const double keying = policy_.keying_and_thinking ? keying_seconds(next, multiplier) : 0.0;
  const double due =
      next_due(policy_, since_start(terminal.due), since_start(done.at), think, keying);
  terminal.type = next;
  terminal.due = seconds_after(phases_->start(), due);
  dispatch(t);
}

void Engine::on_terminal_finished() {
  if (++finished_terminals_ == config_.terminals) stop(false);
}

// Ticks every --report-interval seconds from the start, and once more at
// the end of the warm-up (from which they restart), so every interval line
// lies wholly in the warm-up or wholly in the measurement.
void Engine::schedule_tick() {
  Clock::time_point next =
      reporter_->last_boundary() + std::chrono::seconds(config_.report_interval_seconds);
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
  reporter_->emit(at, !measuring_);
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
  queue_.close();
  for (asio::steady_timer& timer : terminal_timers_) timer.cancel();
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
  build_terminals();
  log_.line("opening " + std::to_string(connections_) + " connection" +
            (connections_ == 1 ? "" : "s") + "...");
  start_workers();
  std::ostringstream started;
  started << "running " << config_.terminals << " terminal" << (config_.terminals == 1 ? "" : "s")
          << " on " << connections_ << " connection" << (connections_ == 1 ? "" : "s") << " ("
          << (fast_path_ ? "one terminal per connection, unpaced" : "scheduled") << ")";
  if (config_.warmup_seconds > 0) started << "; warm-up " << config_.warmup_seconds << " s";
  if (config_.txns_per_terminal > 0) {
    started << "; " << config_.txns_per_terminal << " transactions per terminal";
  } else {
    started << "; measuring " << config_.duration_seconds << " s";
  }
  log_.line(started.str());

  begin();
  io_.run();
  join_workers();
  if (worker_error_) std::rethrow_exception(worker_error_);
  const Clock::time_point end = std::min(phases_->end(), Clock::now());
  reporter_->finish(end, config_.warmup_seconds > 0 && end <= phases_->warmup_end());

  EngineResult result;
  for (const auto& worker : workers_) result.stats.merge(worker->stats().measured());
  result.intervals = reporter_->take_samples();
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
