#include "app/run_outcome.hpp"

#include <chrono>
#include <cmath>
#include <vector>

#include "config/conn/mask.hpp"
#include "config/errors.hpp"
#include "config/local_time.hpp"
#include "config/settings/values.hpp"
#include "report/views/health.hpp"
#include "workloads/tpcc/binding.hpp"

namespace tpcc {
namespace {

// A run with a terminal its workload ended, as pgbench exits when it
// aborted a client.
constexpr int kExitAborted = kExitUsage;

// Errors above this share of completed transactions fail the run.
constexpr double kMaxErrorFraction = 0.01;

std::string iso8601_local(std::time_t t) { return format_local_time(t, "%Y-%m-%dT%H:%M:%S%z"); }

std::int64_t epoch_ms(std::chrono::system_clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}

// The measured interval on the wall clock: after the warm-up actually run.
void add_measured_interval(RunInfo& info, const EngineResult& result) {
  const std::int64_t start = epoch_ms(result.wall_start);
  info.measured_start_ms =
      start + static_cast<std::int64_t>(std::llround(result.warmup_seconds * 1000));
  info.measured_end_ms = info.measured_start_ms +
                         static_cast<std::int64_t>(std::llround(result.measured_seconds * 1000));
}

// Why a side of the run failed (run_exit_status with a completed stop).
std::string failure_text(const RunStats& stats, const RunHealth& health) {
  if (downtime_fails(health)) {
    return downtime_failure_text(health);
  }
  if (unfinished_total(stats) > 0) {
    return std::to_string(unfinished_total(stats)) +
           " transaction(s) unfinished at the end (no answer within --stop-grace)";
  }
  const std::int64_t done = completed_total(stats);
  if (done == 0) return "no transaction completed in the measured interval";
  return std::to_string(errors_total(stats)) + " errors in " + std::to_string(done) +
         " completed transactions (more than 1%)";
}

}  // namespace

bool downtime_fails(const RunHealth& health) {
  if (health.downtime_seconds <= 0) return false;
  // --failover: the watchdog has already stopped a run whose outage ran
  // past --max-downtime; an outage that never ended still fails it.
  return !health.failover_expected || health.unreachable_since.has_value();
}

RunInfo run_info(const Config& config, const RunSetup& setup, const EngineResult& result,
                 std::time_t started, const std::string& barrier_start) {
  RunInfo info;
  add_measured_interval(info, result);
  if (config.driver_count > 0) {
    const HomeWarehouses homes = home_warehouses(config, setup.load.warehouses);
    info.driver = DriverRun{config.run_id, config.driver_index, config.driver_count,
                            homes.first,   homes.last,          barrier_start};
  }
  info.warehouses = setup.load.warehouses;
  info.c_run = setup.c_run;
  info.terminals = config.terminals;
  info.measured_seconds = result.measured_seconds;
  info.warmup_seconds = result.warmup_seconds;
  info.started_at = iso8601_local(started);
  info.start_time = started;
  info.interrupted = result.interrupted;
  info.health = result.health;
  info.checkpoints = result.checkpoints;
  info.server_metrics = result.server_metrics;
  info.measured_lines = measured_throughput(result.intervals);
  for (const IntervalSample& sample : result.intervals) {
    if (sample.server) {
      info.server_metrics.intervals.push_back({sample.end_seconds, sample.warmup, *sample.server});
    }
  }
  for (const IntervalSample& sample : result.intervals) {
    info.transactions_all_phases += completed_total(sample.stats) + errors_total(sample.stats);
  }
  info.hosts = result.hosts;
  info.terminal_totals = result.terminals;
  for (std::size_t i = 0; i < result.standbys.size(); ++i) {
    const StandbyTarget& target = config.standbys[i];
    StandbyRun standby;
    standby.target = describe_target(target.conninfo);
    standby.terminals = target.terminals;
    standby.mix = target.mix;
    standby.stats = result.standbys[i].stats;
    standby.terminal_totals = result.standbys[i].terminals;
    standby.intervals = result.standbys[i].intervals;
    standby.lag = lag_figures(result.lag, i);
    standby.health = result.standbys[i].health;
    standby.server_metrics = result.standbys[i].server_metrics;
    for (const IntervalSample& sample : standby.intervals) {
      if (sample.server) {
        standby.server_metrics.intervals.push_back(
            {sample.end_seconds, sample.warmup, *sample.server});
      }
    }
    info.standbys.push_back(std::move(standby));
  }
  return info;
}

int run_exit_status(const RunStats& stats, const RunHealth& health) {
  switch (health.stop) {
    case StopReason::Fatal:
    case StopReason::Downtime: return kExitConnect;
    case StopReason::Interrupted: return kExitInterrupted;
    case StopReason::Internal: return kExitFailed;
    case StopReason::Completed: break;
  }
  // A number must not look clean when the run was not.
  if (downtime_fails(health) || unfinished_total(stats) > 0) return kExitFailed;
  const std::int64_t done = completed_total(stats);
  const std::int64_t errors = errors_total(stats);
  if (done == 0) return kExitFailed;
  return static_cast<double>(errors) > kMaxErrorFraction * static_cast<double>(done) ? kExitFailed
                                                                                     : kExitOk;
}

// The exit status of the whole run, with the line that explains it.
int overall_status(const Config& config, const RunInfo& info, const RunStats& stats,
                   const RunVerdict& verdict, std::ostream& out) {
  int status = run_exit_status(stats, info.health);
  if (info.health.stop == StopReason::Fatal || info.health.stop == StopReason::Downtime ||
      info.health.stop == StopReason::Internal) {
    out << "run stopped: " << info.health.stop_detail << "\n";
    return status;
  }
  // A terminal its workload ended (pgbench's aborted client): the figures
  // miss its share, and pgbench exits 2 on such a run.
  std::int64_t aborted = info.health.aborted_terminals;
  for (const StandbyRun& standby : info.standbys) aborted += standby.health.aborted_terminals;
  if (aborted > 0 && info.health.stop == StopReason::Completed) {
    out << "run aborted: " << aborted
        << " terminal(s) ended by their workload (the errors above); the results are incomplete\n";
    return kExitAborted;
  }
  if (status == kExitFailed) out << "run failed: " << failure_text(stats, info.health) << "\n";
  // --failover: an acknowledged commit missing after the run, or a ledger
  // that could not be checked, fails it.
  if (info.ledger && (info.ledger->lost > 0 || !info.ledger->error.empty())) {
    out << "run failed: " << ledger_line(*info.ledger) << "\n";
    if (status == kExitOk) status = kExitFailed;
  }
  // A standby's errors and retries are counted like the primary's; the
  // run fails by the same rule on either side.
  for (std::size_t i = 0; i < info.standbys.size(); ++i) {
    const StandbyRun& standby = info.standbys[i];
    RunHealth health = standby.health;
    health.stop = info.health.stop;
    if (run_exit_status(standby.stats, health) != kExitFailed) continue;
    out << "run failed on standby " << i + 1 << ": " << failure_text(standby.stats, health) << "\n";
    if (status == kExitOk) status = kExitFailed;
  }
  // --spec claims a run of record: a run rule it breaks fails it. Without
  // --spec the verdict informs and the exit status ignores it.
  if (config.spec && info.health.stop == StopReason::Completed) {
    if (!verdict.all_pass()) {
      out << "run failed (--spec): " << verdict.overall_line() << "\n";
      if (status == kExitOk) status = kExitFailed;
    }
  }
  return status;
}

}  // namespace tpcc
