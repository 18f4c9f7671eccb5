// The terminals of one server, as the engine drives them: the primary's
// read-write ones, or one standby's read-only ones, each group with its own
// config, workers, work queue and interval reporter. A group is built whole
// (terminals bound by the workload and seeded, workers created but not
// connected), so the engine only starts, schedules and stops it.
// Private to the engine (engine*.cpp); free of Boost.Asio: the scheduler's
// timers stay with the engine.
#pragma once

#include <memory>
#include <mutex>
#include <vector>

#include "config/config.hpp"
#include "metrics/stats.hpp"
#include "terminal/engine/arrivals.hpp"
#include "terminal/engine/clock.hpp"
#include "terminal/engine/engine.hpp"
#include "terminal/engine/fault_log.hpp"
#include "terminal/engine/hosts.hpp"
#include "terminal/engine/intervals.hpp"
#include "terminal/engine/pacing.hpp"
#include "terminal/engine/queue.hpp"
#include "terminal/engine/stats.hpp"
#include "terminal/engine/worker.hpp"
#include "terminal/engine/workload.hpp"

namespace tpcc {

// Everything here but the workers' own state is used on the engine's io
// thread only.
struct Group {
  // group_number 0 is the primary, k standby k (its lines are prefixed
  // "standby k: "), and after the standbys the side groups (SideGroups),
  // labelled `side_label`. stop and parent_log must outlive the group.
  Group(Config group_config, int group_number, const EngineSetup& setup, StopSignal& stop,
        ConsoleLog& parent_log, const std::string& side_label = {});
  Group(const Group&) = delete;
  Group& operator=(const Group&) = delete;

  Config config;
  int number;  // 0: the primary; k: standby k, or a side group after the standbys
  bool side;   // a side group (SideGroups)
  // "": the primary; "standby k"; a side group's ("ch", "ch on standby 1").
  std::string label;
  int connections;
  bool fast_path;
  // On the fast path, the threads its terminals share (--jobs, when fewer
  // than the terminals), each terminal in a fiber; 0: a thread per terminal.
  int fiber_threads = 0;
  PacingPolicy policy;
  std::unique_ptr<ConsoleLog> own_log;
  ConsoleLog& log;
  // What the terminals run: EngineSetup::workload (a standby's:
  // standby_workload when given; a side group's: SideGroups::workload).
  const Workload* workload;
  // Each bound by the workload (Workload::bind) and seeded.
  std::vector<VirtualTerminal> terminals;
  FaultLog faults;  // this server's outages and errors
  WorkerEnv env;    // env.interrupts is the engine's to set
  // EngineSetup::terminal_aborted, which env points to.
  std::function<void(const std::string&)> terminal_aborted;
  // One per connection: the terminals' first, then the background
  // workers.
  std::vector<std::unique_ptr<Worker>> workers;
  WorkQueue queue;
  // What the terminals hand off (Workload::background; TPC-C's deferred
  // Deliveries), how many workers execute it, and their Randoms' seed.
  std::unique_ptr<BackgroundWork> background;
  int background_workers = 0;
  std::uint64_t background_seed = 0;
  // Which host of --conn each worker connects to (--host-policy).
  HostAssignment hosts;
  std::unique_ptr<IntervalReporter> reporter;
  int finished_terminals = 0;
  // 5.2.5: the keying and think times drawn for the terminals, of the
  // delays that began in the measured interval (the workers never see
  // them: the scheduler waits them out).
  RunStats pacing;

  // Under --rate: the schedules of arrivals (Workload::arrivals), which
  // one each terminal takes from, and whether each terminal has its own.
  std::vector<ArrivalSchedule> schedules;
  std::vector<int> schedule_of_terminal;
  bool own_schedules = true;
  std::mutex schedules_mutex;

  // Terminal t's next arrival, in seconds from the start. Safe from any
  // thread: on the fast path the workers take their terminals' arrivals
  // themselves, and a shared schedule serves several of them.
  double next_arrival(int t);
  // With keying and think times, a terminal's own schedule goes on from
  // the due time they delayed it to.
  void arrival_not_before(int t, double due);
  // Whether the connection of this name is a background worker's.
  bool is_background_worker(const std::string& name) const;
  // Closes the work queue and the background work: nothing more is taken.
  void close_queues();
};

// The primary's group first, then each standby's, then the side groups.
using Groups = std::vector<std::unique_ptr<Group>>;

Groups make_groups(const Config& config, const EngineSetup& setup, StopSignal& stop,
                   ConsoleLog& log);

// The group's measured interval, merged over its workers, with the pacing's
// delays; once they have stopped.
RunStats measured_stats(const Group& group);

// Its terminals that their workload ended (VirtualTerminal::aborted); once
// the workers have stopped.
std::int64_t aborted_terminals(const Group& group);

// Each terminal's measured events and their time, once the workers stopped.
TerminalTotals measured_terminal_totals(const Group& group);

// With the workers spread over several hosts (--host-policy round-robin or
// random), each host's share of that, without the pacing; else empty.
std::vector<HostRun> measured_host_stats(const Group& group);

// A transaction in flight this long is shown as stalled in interval lines.
inline constexpr double kStalledAfterSeconds = 1.0;

// The group's transactions in flight for longer than kStalledAfterSeconds
// at `now`: how many, and the oldest one's age.
struct StalledWork {
  int count = 0;
  double oldest_seconds = 0;
};
StalledWork stalled_work(const Group& group, Clock::time_point now);

}  // namespace tpcc
