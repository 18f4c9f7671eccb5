// Work a workload hands off from its terminals to workers of its own, each
// on a connection of its own, which the engine connects, guards, reconnects
// and stops with the terminals' (TPC-C's deferred Delivery, 2.7.2: the
// terminal's response is the queueing, a delivery worker executes it).
// The workload owns the queue and what a job does; the engine owns the
// workers, their sessions, their statistics and the stop.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>

#include "spec/random.hpp"
#include "spec/transactions.hpp"
#include "terminal/engine/clock.hpp"
#include "terminal/engine/transaction.hpp"

namespace tpcc {

class Session;
struct RunStats;
struct VirtualTerminal;

// One handed-off transaction, as a background worker takes it.
struct BackgroundJob {
  // When it was handed off: its completion time counts from here, and it
  // counts in the phase this falls in.
  Clock::time_point queued;
  // What an error line calls it: "deferred Delivery for warehouse 3".
  std::string what;
  // Runs it on the worker's session, drawing from the worker's Random
  // (retry backoff); throws as Workload::execute does.
  std::function<TxnResult(Session&, Random&)> run;
  // Called with its result once it ran (on the worker's thread).
  std::function<void(const TxnResult&)> ended;
};

class BackgroundWork {
 public:
  virtual ~BackgroundWork() = default;

  // How many workers execute the jobs, each on a connection of its own.
  virtual int workers() const = 0;

  // What the console and the fault log call worker k (from 1): "delivery
  // worker 2".
  virtual std::string worker_name(int k) const = 0;

  // A terminal's transaction of slot `type`, handed off when this work
  // takes it: the result is the terminal's response. None when the
  // terminal runs it itself.
  virtual std::optional<TxnResult> hand_off(TxnIndex type, VirtualTerminal& terminal) = 0;

  // The next job, waiting for one; none once closed (what is left stays
  // queued).
  virtual std::optional<BackgroundJob> next() = 0;

  // The run has ended: no more hand-offs, and next() returns none.
  virtual void close() = 0;

  // After the workers stopped: the jobs never started, each counted into
  // `measured` when it was handed off in the measured interval, and
  // recorded as not started.
  virtual void abandon_remaining(const RunPhases& phases, RunStats& measured) = 0;
};

}  // namespace tpcc
