// Building the engine's groups of terminals: what each group runs with (the
// primary's config, or standby_run_config for a standby), how many
// connections it opens and whether it takes the fast path, and its
// terminals, workers and interval reporter.
#include "terminal/engine/group.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

#include "spec/random.hpp"
#include "terminal/engine/ramp.hpp"

namespace tpcc {

int resolved_connections(const Config& config) {
  if (config.connections <= 0) return config.terminals;
  return std::min(config.connections, config.terminals);
}

bool uses_fast_path(const Config& config) {
  return !pacing_policy(config).keying_and_thinking &&
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
  run.host_policy = HostPolicy::First;  // a standby is one host
  return run;
}

Config side_run_config(const Config& server_config, int terminals) {
  Config run = server_config;
  run.terminals = terminals;
  run.connections = 0;
  run.rate_tpm = 0;
  run.txns_per_terminal = 0;
  run.keying_and_thinking = false;
  run.ramp_seconds = 0;
  run.jobs = 0;  // a side group's streams keep a thread each
  run.standbys.clear();
  run.host_policy = HostPolicy::First;
  return run;
}

namespace {

const Workload& given_workload(int group_number, bool side, const EngineSetup& setup) {
  const Workload* workload = side ? setup.side.workload
                             : group_number > 0 && setup.standby_workload != nullptr
                                 ? setup.standby_workload
                                 : setup.workload;
  if (workload == nullptr) throw std::logic_error("the engine was given no workload to run");
  return *workload;
}

std::vector<VirtualTerminal> build_terminals(const Config& config, int group_number,
                                             const EngineSetup& setup, const Workload& workload) {
  std::vector<VirtualTerminal> terminals;
  terminals.reserve(static_cast<std::size_t>(config.terminals));
  for (int i = 0; i < config.terminals; ++i) {
    // The primary's terminal i draws from stream {i}, as in a run without
    // standbys; standby k's from {i, k}.
    const auto index = static_cast<std::uint64_t>(i);
    const Random rng =
        group_number == 0
            ? Random::stream(setup.seed, {index})
            : Random::stream(setup.seed, {index, static_cast<std::uint64_t>(group_number)});
    terminals.emplace_back(i, workload.bind(i, config), config.mix, rng);
  }
  return terminals;
}

// The background workers' random streams (retry backoff) apart from the
// terminals'; the salt spells "delivery", TPC-C's deferred Delivery
// workers being the first, so that a run's streams stay as they were.
constexpr std::uint64_t kBackgroundSeedSalt = 0x64656c6976657279;
constexpr std::uint64_t kHostSeedSalt = 0x686f737473;  // "hosts"
// The arrival schedules' streams apart from the terminals', so that a
// paced run's terminals draw the inputs an unpaced one's do.
constexpr std::uint64_t kArrivalSeedSalt = 0x6172726976616c73;  // "arrivals"

// Under --rate, the group's schedules of arrivals as its workload plans
// them, each starting where its first terminal starts in --ramp.
void build_schedules(Group& group, std::uint64_t seed) {
  const Config& config = group.config;
  const ArrivalPlan plan = group.workload->arrivals(config);
  const int count = schedule_count(plan, config.terminals);
  const double spacing = rate_spacing_seconds(count, config.rate_tpm);
  group.own_schedules = count == config.terminals;
  for (int t = 0; t < config.terminals; ++t) {
    group.schedule_of_terminal.push_back(schedule_of(t, config.terminals, count));
  }
  for (int k = 0; k < count; ++k) {
    const auto first = static_cast<int>(
        std::find(group.schedule_of_terminal.begin(), group.schedule_of_terminal.end(), k) -
        group.schedule_of_terminal.begin());
    const double origin = terminal_start_seconds(first, config.terminals, config.ramp_seconds);
    group.schedules.emplace_back(
        plan.process, spacing, origin, k, count,
        Random::stream(seed ^ kArrivalSeedSalt,
                       {static_cast<std::uint64_t>(group.number), static_cast<std::uint64_t>(k)}));
  }
}

}  // namespace

Group::Group(Config group_config, int group_number, const EngineSetup& setup, StopSignal& stop,
             ConsoleLog& parent_log, const std::string& side_label)
    : config(std::move(group_config)),
      number(group_number),
      side(!side_label.empty()),
      label(side         ? side_label
            : number > 0 ? "standby " + std::to_string(number)
                         : std::string()),
      connections(resolved_connections(config)),
      fast_path(uses_fast_path(config)),
      policy(pacing_policy(config)),
      own_log(label.empty() ? nullptr : std::make_unique<ConsoleLog>(parent_log, label + ": ")),
      log(own_log ? *own_log : parent_log),
      workload(&given_workload(number, side, setup)),
      terminals(build_terminals(config, number, setup, *workload)) {
  // A thread per terminal (--jobs at least the terminals) runs them without
  // fibers: a loop over one socket would only add its own cost.
  if (fast_path && config.jobs < connections) fiber_threads = config.jobs;
  env.config = &config;
  env.workload = workload;
  env.stop = &stop;
  env.log = &log;
  env.faults = &faults;
  terminal_aborted = setup.terminal_aborted;
  if (terminal_aborted) env.terminal_aborted = &terminal_aborted;
  if (side) env.start_seconds = setup.side.start_seconds;
  background = workload->background(config, number);
  if (background) {
    background_workers = background->workers();
    background_seed = setup.seed ^ kBackgroundSeedSalt;
    env.background = background.get();
  }
  if (number == 0 && setup.latency_limit_ms > 0) {
    env.latency_limit_micros = std::llround(setup.latency_limit_ms * 1000);
    env.skip_late = config.rate_tpm > 0;
  }
  env.paced = !unpaced(policy);
  if (policy.rate_limited) build_schedules(*this, setup.seed);
  if (policy.rate_limited && fast_path)
    env.next_arrival = [this](int t) { return next_arrival(t); };
  hosts = assign_hosts(config, connections + background_workers, setup.seed ^ kHostSeedSalt);
  std::vector<WorkerStats*> stats;
  for (int w = 0; w < connections + background_workers; ++w) {
    workers.push_back(std::make_unique<Worker>(w, &env,
                                               w < connections
                                                   ? "connection " + std::to_string(w + 1)
                                                   : background->worker_name(w - connections + 1)));
    stats.push_back(&workers.back()->stats());
  }
  reporter = std::make_unique<IntervalReporter>(std::move(stats), workload->types().size());
  pacing = RunStats(workload->types().size());
}

double Group::next_arrival(int t) {
  const std::lock_guard<std::mutex> lock(schedules_mutex);
  return schedules[static_cast<std::size_t>(schedule_of_terminal[static_cast<std::size_t>(t)])]
      .next();
}

void Group::arrival_not_before(int t, double due) {
  // A shared schedule goes on at its rate whatever one terminal waits.
  if (!own_schedules) return;
  schedules[static_cast<std::size_t>(t)].not_before(due);
}

bool Group::is_background_worker(const std::string& name) const {
  for (std::size_t w = static_cast<std::size_t>(connections); w < workers.size(); ++w) {
    if (workers[w]->name() == name) return true;
  }
  return false;
}

void Group::close_queues() {
  queue.close();
  if (background) background->close();
}

Groups make_groups(const Config& config, const EngineSetup& setup, StopSignal& stop,
                   ConsoleLog& log) {
  Groups groups;
  groups.push_back(std::make_unique<Group>(config, 0, setup, stop, log));
  for (std::size_t i = 0; i < config.standbys.size(); ++i) {
    groups.push_back(std::make_unique<Group>(standby_run_config(config, config.standbys[i]),
                                             static_cast<int>(i + 1), setup, stop, log));
  }
  const SideGroups& side = setup.side;
  if (side.workload == nullptr || side.terminals <= 0) return groups;
  const std::string name = side.workload->name();
  if (!side.on_standbys) {
    groups.push_back(std::make_unique<Group>(side_run_config(config, side.terminals),
                                             static_cast<int>(groups.size()), setup, stop, log,
                                             name));
    return groups;
  }
  for (std::size_t i = 0; i < config.standbys.size(); ++i) {
    groups.push_back(std::make_unique<Group>(
        side_run_config(standby_run_config(config, config.standbys[i]), side.terminals),
        static_cast<int>(groups.size()), setup, stop, log,
        name + " on standby " + std::to_string(i + 1)));
  }
  return groups;
}

RunStats measured_stats(const Group& group) {
  RunStats stats(group.workload->types().size());
  for (const auto& worker : group.workers) stats.merge(worker->stats().measured());
  stats.merge(group.pacing);
  return stats;
}

TerminalTotals measured_terminal_totals(const Group& group) {
  TerminalTotals totals;
  for (const VirtualTerminal& terminal : group.terminals) {
    totals.events.push_back(terminal.measured_events);
    totals.busy_micros.push_back(terminal.measured_busy_micros);
  }
  return totals;
}

std::int64_t aborted_terminals(const Group& group) {
  std::int64_t aborted = 0;
  for (const VirtualTerminal& terminal : group.terminals) aborted += terminal.aborted ? 1 : 0;
  return aborted;
}

std::vector<HostRun> measured_host_stats(const Group& group) {
  std::vector<HostRun> hosts;
  for (const std::string& label : group.hosts.labels) {
    hosts.push_back({label, 0, RunStats(group.workload->types().size())});
  }
  if (hosts.empty()) return hosts;
  for (std::size_t w = 0; w < group.workers.size(); ++w) {
    HostRun& host = hosts[static_cast<std::size_t>(group.hosts.host_of_connection[w])];
    ++host.connections;
    host.stats.merge(group.workers[w]->stats().measured());
  }
  return hosts;
}

StalledWork stalled_work(const Group& group, Clock::time_point now) {
  StalledWork stalled;
  for (const auto& worker : group.workers) {
    const std::optional<Clock::time_point> since = worker->in_flight_since();
    if (!since) continue;
    const double age = seconds_between(*since, now);
    if (age < kStalledAfterSeconds) continue;
    ++stalled.count;
    stalled.oldest_seconds = std::max(stalled.oldest_seconds, age);
  }
  return stalled;
}

}  // namespace tpcc
