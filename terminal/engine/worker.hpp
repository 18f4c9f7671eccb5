// Virtual terminals and the workers that run their transactions. A worker
// owns one database session; a terminal has at most one transaction
// outstanding, so whoever holds it (the scheduler between transactions, a
// worker during one) uses its Random and deck alone.
#pragma once

#include <any>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "terminal/engine/background.hpp"
#include "terminal/engine/clock.hpp"
#include "terminal/engine/deck.hpp"
#include "terminal/engine/fault_log.hpp"
#include "terminal/engine/stats.hpp"
#include "terminal/engine/transaction.hpp"

namespace tpcc {

struct SessionInterrupts;
class Workload;

struct VirtualTerminal {
  VirtualTerminal(int terminal_index, std::any workload_binding, const MixWeights& mix,
                  const Random& random);

  int index;
  std::any binding;      // what its workload bound it to (Workload::bind)
  Deck deck;             // 5.2.4.2
  DeckTally deck_tally;  // the current deck's cards so far
  Random rng;
  // Scheduler state.
  TxnIndex type = kNewOrder;  // the transaction outstanding or next due
  Clock::time_point due;      // when it is (was) due
  long measured_done = 0;     // completed in the measured interval
  bool finished = false;      // reached --txns-per-terminal, or aborted
  bool aborted = false;       // its workload ended it (TxnResult::ends_terminal)
  // Its responses (committed or rolled back) in the measured interval and
  // their latencies summed: sysbench's per-thread timer (TerminalTotals).
  // Only the worker running it touches them.
  std::int64_t measured_events = 0;
  std::int64_t measured_busy_micros = 0;
};

// What a worker needs from the run, shared by all workers; it must outlive
// them. phases is filled in before the workers are let go.
struct WorkerEnv {
  const Config* config = nullptr;
  const Workload* workload = nullptr;  // what the terminals run
  RunPhases* phases = nullptr;         // set once the run starts
  StopSignal* stop = nullptr;
  ConsoleLog* log = nullptr;
  FaultLog* faults = nullptr;                     // the group's
  const SessionInterrupts* interrupts = nullptr;  // the engine's
  // What the terminals hand off (Workload::background); null when they
  // hand off nothing.
  BackgroundWork* background = nullptr;
  // EngineSetup::latency_limit_ms (0: none) and whether a transaction
  // already that late when taken is skipped (under --rate).
  std::int64_t latency_limit_micros = 0;
  bool skip_late = false;
  // Whether the run is paced (--rate, or keying and think times): its
  // transactions' lag behind their due times is recorded.
  bool paced = false;
  // Under --rate on the fast path: terminal t's next arrival, in seconds
  // from the start (Group::next_arrival); null otherwise.
  std::function<double(int)> next_arrival;
  // EngineSetup::terminal_aborted; null: said as an error on `log`.
  const std::function<void(const std::string&)>* terminal_aborted = nullptr;
  // Seconds after the run's start when the group's terminals start (a side
  // group held back: SideGroups::start_seconds); --ramp counts from there.
  double start_seconds = 0;
};

struct Completion {
  Clock::time_point at;
  Phase phase = Phase::Measured;
};

class Worker {
 public:
  // name: what the console and the FaultLog call its connection
  // ("connection 2", "delivery worker 1").
  Worker(int worker_id, const WorkerEnv* env, std::string name);
  ~Worker();
  Worker(const Worker&) = delete;
  Worker& operator=(const Worker&) = delete;

  // Opens the session and prepares the transactions' statements. Throws
  // ConnectError.
  void connect(const std::string& conninfo);

  // Runs one transaction of `type` for `terminal`, due at `due` (its response
  // time counts from then), and records it. A lost connection counts as an
  // error of this transaction; the worker then reconnects (100 ms backoff
  // doubling to 5 s) until it succeeds or the run stops; failed attempts are
  // downtime (FaultLog). An error retrying cannot fix is reported to the
  // FaultLog as fatal. A transaction the engine gives up on
  // (SessionInterrupts::abandon_waits) is recorded as unfinished.
  Completion execute(VirtualTerminal& terminal, TxnIndex type, Clock::time_point due);

  // The fast path: the terminal's transactions on this worker's session
  // until the run stops or the terminal has completed --txns-per-terminal
  // measured transactions; back to back, or under --rate each due at the
  // next arrival of its schedule (env.next_arrival), waited for here.
  void run_terminal(VirtualTerminal& terminal);

  // A background worker: executes the jobs of `work` in order until it
  // closes (TPC-C's delivery workers, 2.7.2), each counted as its execution
  // (WorkerStats::record_delivery_execution) in the phase it was handed off
  // in. seed: its Random (for the retries' backoff).
  void run_background(BackgroundWork& work, std::uint64_t seed);

  WorkerStats& stats() { return stats_; }
  // --failover: the commits the server acknowledged on this worker's
  // session that the workload keys for its ledger (TxnResult::commit); only
  // once the worker has stopped.
  const std::vector<AcknowledgedCommit>& acknowledged() const { return acknowledged_; }
  int id() const { return id_; }
  const std::string& name() const { return name_; }
  // When the transaction in flight was due; none between transactions.
  std::optional<Clock::time_point> in_flight_since() const;

 private:
  // Replaces the session, retrying with backoff until it opens or the run
  // stops; false if the run stopped first or the server refused for good.
  // lost: when the connection broke (an outage counts from then).
  bool reconnect(Clock::time_point lost);
  // Records an error of a transaction or a connection attempt in the
  // FaultLog, as fatal when retrying cannot fix it.
  void note_error(const std::string& sqlstate, const std::string& message, bool fatal);
  // Immediate attempts only, for a transaction about to be retried.
  bool reconnect_once();
  // Runs body() (one transaction, returning its TxnResult) and turns what
  // it throws into a result: Unfinished when abandoned, Error otherwise;
  // *lost is set when the connection must be replaced. A recovery conflict
  // that ended the session is retried on a new one.
  template <typename Body>
  TxnResult guarded(Body body, bool* lost);
  void log_error(const VirtualTerminal& terminal, TxnIndex type, const std::string& message);
  // The workload ended the terminal (TxnResult::ends_terminal): it is
  // finished, and why is told to EngineSetup::terminal_aborted.
  void abort_terminal(VirtualTerminal& terminal, TxnIndex type, const std::string& why);

  int id_;
  const WorkerEnv* env_;
  std::string name_;
  std::unique_ptr<Session> session_;
  WorkerStats stats_;
  std::vector<AcknowledgedCommit> acknowledged_;
  std::atomic<Clock::rep> in_flight_since_{0};  // 0: none
};

}  // namespace tpcc
