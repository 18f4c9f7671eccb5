// The engine's class, shared by engine.cpp (start-up, scheduling, the run),
// engine_workers.cpp (the worker threads) and stop.cpp (signals, the
// downtime watchdog, the stop and its grace). Private to those files: it
// brings Boost.Asio.
#pragma once

#include "terminal/engine/engine.hpp"

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

#include "config/errors.hpp"
#include "db/session.hpp"
#include "terminal/engine/checkpoint_watch.hpp"
#include "terminal/engine/clock.hpp"
#include "terminal/engine/gate.hpp"
#include "terminal/engine/group.hpp"
#include "terminal/engine/lines.hpp"
#include "terminal/engine/pacing.hpp"
#include "terminal/engine/queue.hpp"
#include "terminal/engine/server_metrics_sampler.hpp"
#include "terminal/engine/worker.hpp"
#include "terminal/standby/replication_lag.hpp"

namespace tpcc {

namespace asio = boost::asio;

// "the server" (the primary) or "standby k", for messages.
std::string group_name(const Group& group);

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
  // --driver: waits at the start barrier, then until the common start.
  void wait_for_common_start();
  // A worker's thread: opens its session, waits for the start, runs.
  void worker_main(Group& group, int worker);
  // A thread of a group's Group::fiber_threads: its terminals in fibers.
  void fiber_thread_main(Group& group, int thread);
  // What a worker does once the run begins, up to on_worker_exit; catches
  // what it throws (a fiber lets nothing out).
  void run_worker(Group& group, int worker);
  void begin();
  void schedule_first_transactions(Group& group);
  void dispatch(Group& group, int terminal);
  void on_completion(Group& group, int terminal, const Completion& done);
  // Counts a think time after a transaction of think_type, from
  // think_from, and the keying time of the next, of type keyed, that
  // follows it, each if it begins in the measured interval.
  void count_delays(Group& group, TxnIndex think_type, Clock::time_point think_from, double think,
                    TxnIndex keyed, double keying);
  void on_terminal_finished(Group& group);
  void schedule_tick();
  void on_tick(Clock::time_point at);
  void wait_for_signal();
  void schedule_watchdog();
  // Ends the run: no new transactions; those in flight get --stop-grace
  // when the run completed, none otherwise, and are then abandoned.
  void stop(StopReason reason, const std::string& detail = {});
  void abandon_in_flight();
  void on_worker_exit();
  void finish_io();
  void join_workers();
  double since_start(Clock::time_point t) const { return seconds_between(phases_->start(), t); }

  const Config& config_;
  ConsoleLog log_;
  StopSignal stop_;

  asio::io_context io_;
  asio::executor_work_guard<asio::io_context::executor_type> guard_;
  asio::signal_set signals_;
  asio::steady_timer report_timer_;
  asio::steady_timer watchdog_timer_;
  asio::steady_timer grace_timer_;
  SessionInterrupts interrupts_;

  // The primary's terminals first, then each standby's.
  Groups groups_;
  // [group number][terminal]: when each terminal's next transaction falls
  // due; none for a group on the fast path. Kept here rather than in Group
  // so Boost.Asio stays out of group.hpp.
  std::vector<std::vector<asio::steady_timer>> terminal_timers_;
  int connections_ = 0;  // all groups'
  std::vector<std::thread> threads_;
  std::unique_ptr<RunPhases> phases_;
  std::unique_ptr<LagSampler> sampler_;
  std::unique_ptr<ServerMetricsSampler> metrics_;                       // --server-metrics on
  std::vector<std::unique_ptr<ServerMetricsSampler>> standby_metrics_;  // and standbys
  IntervalSamplers interval_samplers() const;
  // 5.5.2.2: the primary's checkpoints over the measured interval.
  std::unique_ptr<CheckpointWatch> checkpoints_;

  StartGate gate_;
  IntervalOutputs outputs_;
  std::function<Clock::time_point(const std::function<bool()>&)> start_barrier_;
  std::chrono::system_clock::time_point wall_start_;

  // Scheduler state; io thread only.
  bool stopping_ = false;
  StopReason stop_reason_ = StopReason::Completed;
  std::string stop_detail_;
  int stop_group_ = -1;  // the group whose fault stopped the run (downtime, fatal)
  bool measuring_ = false;
  bool signalled_ = false;
  bool signalled_before_start_ = false;  // at the start barrier (--driver)
  int workers_exited_ = 0;
};

}  // namespace tpcc
