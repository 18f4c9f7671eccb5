#include "app/run_command.hpp"

#include <unistd.h>
#include <chrono>
#include <cmath>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

#include <pqxx/pqxx>

#include "config/conn/mask.hpp"
#include "config/errors.hpp"
#include "config/local_time.hpp"
#include "config/names.hpp"
#include "config/settings/values.hpp"
#include "db/connect.hpp"
#include "loader/layout.hpp"
#include "loader/load_state.hpp"
#include "metrics/run.hpp"
#include "report/console/interval_line.hpp"
#include "report/console/summary.hpp"
#include "report/results/result_sink.hpp"
#include "report/rules/run_rules.hpp"
#include "spec/constants.hpp"
#include "spec/nurand.hpp"
#include "terminal/engine/binding.hpp"
#include "terminal/engine/deck.hpp"
#include "terminal/engine/driver_barrier.hpp"
#include "terminal/engine/engine.hpp"
#include "terminal/engine/open_limits.hpp"

namespace tpcc {
namespace {

// Errors above this share of completed transactions fail the run.
constexpr double kMaxErrorFraction = 0.01;

std::uint64_t time_seed() {
  const auto now = std::chrono::system_clock::now().time_since_epoch();
  const auto ticks =
      static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(now).count());
  return ticks ^ (static_cast<std::uint64_t>(::getpid()) << 32);
}

std::string iso8601_local(std::time_t t) { return format_local_time(t, "%Y-%m-%dT%H:%M:%S%z"); }

std::string constants_text(const NURandConstants& c) {
  return "C_LAST " + std::to_string(c.c_last) + ", C_ID " + std::to_string(c.c_id) + ", OL_I_ID " +
         std::to_string(c.ol_i_id);
}

// What was loaded, with a valid C-Run for it (2.1.6.1).
struct RunSetup {
  RecordedLoad load;
  NURandConstants c_run;
  bool c_load_recorded = true;
  std::vector<std::string> standby_warnings;
};

std::string standby_name(std::size_t index, const StandbyTarget& standby) {
  return "standby " + std::to_string(index + 1) + " (" + describe_target(standby.conninfo) + ")";
}

// Each standby must hold the primary's load (it replays it); one that is
// not in recovery is most likely a mistyped address, worth a warning.
void check_standbys(const Config& config, RunSetup& setup) {
  for (std::size_t i = 0; i < config.standbys.size(); ++i) {
    const StandbyTarget& standby = config.standbys[i];
    const auto conn = connect(standby.conninfo);
    const RecordedLoad load = read_recorded_load(*conn);
    if (load.warehouses != setup.load.warehouses) {
      throw UsageError(standby_name(i, standby) + " holds " + std::to_string(load.warehouses) +
                       " warehouses, the primary " + std::to_string(setup.load.warehouses) +
                       ": is it a standby of this primary?");
    }
    pqxx::nontransaction tx{*conn};
    if (!tx.exec1("select pg_is_in_recovery()")[0].as<bool>()) {
      setup.standby_warnings.push_back(standby_name(i, standby) +
                                       " is not in recovery: it is not a hot standby");
    }
  }
}

// BenchmarkSQL's rule, checked against the warehouses actually loaded (the
// props check can only use a warehouses key): with fixed home warehouses,
// more than ten terminals per warehouse share districts.
void check_terminals_per_warehouse(const Config& config, int warehouses) {
  const HomeWarehouses homes = home_warehouses(config, warehouses);
  const long long most = static_cast<long long>(kDistrictsPerWarehouse) * homes.count();
  if (!config.terminal_warehouse_fixed || config.allow_many_terminals || config.terminals <= most) {
    return;
  }
  throw UsageError("--terminals " + std::to_string(config.terminals) + ": more than " +
                   std::to_string(kDistrictsPerWarehouse) + " terminals per home warehouse (" +
                   std::to_string(homes.count()) + " home warehouse(s) of the " +
                   std::to_string(warehouses) +
                   " loaded); give --allow-many-terminals (props allowManyTerminals=true) to run "
                   "them anyway, or terminalWarehouseFixed=false");
}

// Citus takes a snapshot per node: a transaction that spans workers (remote
// order lines, remote payments) sees each worker as of a different moment,
// and serialization conflicts are found only within a node. Repeatable read
// and serializable would hold per worker, not for the transaction.
void check_isolation_for_distribution(const Config& config, const RecordedLoad& load) {
  if (config.isolation == Isolation::ReadCommitted ||
      recorded_distribution(load) != Distribution::Citus) {
    return;
  }
  throw UsageError("--isolation " + std::string(isolation_name(config.isolation)) +
                   ": not on a database distributed by Citus (bmsql_config tpcc_distribution): "
                   "Citus takes a snapshot per worker, so a transaction that spans workers gets "
                   "neither one snapshot nor serializability; use --isolation rc");
}

RunSetup read_setup(const Config& config, Random& rng) {
  RunSetup setup;
  {
    const auto conn = connect(config.conninfo);
    setup.load = read_recorded_load(*conn);
  }
  if (setup.load.seed && !setup.load.complete) {
    throw UsageError(
        "the load in the database is not complete (tpcc prepare did not finish); "
        "run tpcc prepare again to resume it");
  }
  check_standbys(config, setup);
  // sysbench-tpcc's run names the tables it expects to find.
  if (!config.warehouses_from_sysbench.empty() && config.warehouses != setup.load.warehouses) {
    throw UsageError(config.warehouses_from_sysbench + " is " + std::to_string(config.warehouses) +
                     " warehouses, but the database holds " +
                     std::to_string(setup.load.warehouses) +
                     " (tpcc keeps them all in one set of tables)");
  }
  check_isolation_for_distribution(config, setup.load);
  check_terminals_per_warehouse(config, setup.load.warehouses);
  const int c_last = setup.load.c_load.c_last;
  setup.c_load_recorded = c_last >= 0 && c_last <= kNURandLastNameA;
  if (setup.c_load_recorded) {
    setup.c_run = draw_run_constants(rng, setup.load.c_load);
  } else {
    setup.c_run = draw_load_constants(rng);
  }
  return setup;
}

void print_setup(std::ostream& out, const Config& config, const RunSetup& setup) {
  const int connections = resolved_connections(config);
  out << "tpcc run\n"
      << "  warehouses:   " << setup.load.warehouses << "\n"
      << "  loaded by:    " << describe_load(setup.load) << "\n"
      << "  terminals:    " << config.terminals << " (home warehouse "
      << (config.terminal_warehouse_fixed ? "fixed per terminal" : "random per transaction")
      << ")\n"
      << "  connections:  " << connections << "\n"
      << "  mix:          " << format_mix(config.mix) << " (NO,P,OS,D,SL)\n"
      << "  profile:      " << profile_name(config.profile) << ", mode " << mode_name(config.mode)
      << ", isolation " << isolation_name(config.isolation) << "\n"
      << "  delivery:     " << delivery_mode_name(config.delivery_mode);
  if (config.delivery_mode == DeliveryMode::Deferred) {
    out << " (2.7.2: queued for " << config.delivery_workers << " delivery worker"
        << (config.delivery_workers == 1 ? "" : "s") << ", delivery.csv)";
  }
  out << "\n";
  if (recorded_distribution(setup.load) == Distribution::Citus) {
    out << "  distribution: " << describe_distribution(setup.load) << "\n";
  }
  if (config.txns_per_terminal > 0) {
    out << "  length:       " << config.txns_per_terminal << " transactions per terminal";
  } else {
    out << "  length:       " << config.duration_seconds << " s";
  }
  out << " after " << config.warmup_seconds << " s warm-up\n";
  out << "  pacing:       ";
  if (config.keying_and_thinking) {
    out << "keying and think times (5.2.5) x " << format_number(config.think_multiplier);
    if (config.keying_multiplier != config.think_multiplier) {
      out << " (keying x " << format_number(config.keying_multiplier) << ")";
    }
  } else {
    out << "no keying or think time";
  }
  if (config.rate_tpm > 0) {
    out << ", at most " << format_number(config.rate_tpm) << " transactions per minute";
  }
  out << "\n";
  if (config.driver_count > 0) {
    const HomeWarehouses homes = home_warehouses(config, setup.load.warehouses);
    out << "  driver:       " << config.driver_index << " of " << config.driver_count
        << " (run id '" << config.run_id << "'), home warehouses " << homes.first << ".."
        << homes.last << "\n";
  }
  out << "  C-Load:       "
      << (setup.c_load_recorded ? constants_text(setup.load.c_load) : std::string("not recorded"))
      << "\n"
      << "  C-Run:        " << constants_text(setup.c_run) << "\n";
  if (!setup.c_load_recorded) {
    out << "warning: bmsql_config records no C-Load for C_LAST; C-Run is drawn without the "
           "2.1.6.1 delta rule\n";
  }
  if (config.profile == Profile::ReadWrite) {
    for (const std::string& warning : mix_warnings(config.mix))
      out << "warning: " << warning << "\n";
  }
  for (std::size_t i = 0; i < config.standbys.size(); ++i) {
    const Config standby = standby_run_config(config, config.standbys[i]);
    out << "  standby " << i + 1 << ":    " << describe_target(standby.conninfo) << ", "
        << standby.terminals << " read-only terminals, mix " << format_mix(standby.mix)
        << ", isolation " << isolation_name(standby.isolation) << "\n";
  }
  for (const std::string& warning : setup.standby_warnings) out << "warning: " << warning << "\n";
  if (config.keying_and_thinking && config.warmup_seconds == 0) {
    out << "warning: keying and think times without --warmup: the measurement includes the "
           "ramp-up (5.5)\n";
  }
  if (config.terminals < setup.load.warehouses) {
    out << "warning: " << config.terminals << " terminals for " << setup.load.warehouses
        << " warehouses: warehouses " << config.terminals + 1 << ".." << setup.load.warehouses
        << " get no terminal\n";
  }
  out.flush();
}

}  // namespace

int run_exit_status(const RunStats& stats, const RunHealth& health) {
  switch (health.stop) {
    case StopReason::Fatal:
    case StopReason::Downtime: return kExitConnect;
    case StopReason::Interrupted: return kExitInterrupted;
    case StopReason::Internal: return kExitFailed;
    case StopReason::Completed: break;
  }
  // A number must not look clean when the run was not.
  if (health.downtime_seconds > 0 || unfinished_total(stats) > 0) return kExitFailed;
  const std::int64_t done = completed_total(stats);
  const std::int64_t errors = errors_total(stats);
  if (done == 0) return kExitFailed;
  return static_cast<double>(errors) > kMaxErrorFraction * static_cast<double>(done) ? kExitFailed
                                                                                     : kExitOk;
}

namespace {

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
  for (std::size_t i = 0; i < result.standbys.size(); ++i) {
    const StandbyTarget& target = config.standbys[i];
    StandbyRun standby;
    standby.target = describe_target(target.conninfo);
    standby.terminals = target.terminals;
    standby.mix = target.mix;
    standby.stats = result.standbys[i].stats;
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

// Why a side of the run failed (run_exit_status with a completed stop).
std::string failure_text(const RunStats& stats, const RunHealth& health) {
  if (health.downtime_seconds > 0) {
    return "the server was unreachable for " + format_seconds(health.downtime_seconds) + " s";
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

// The exit status of the whole run, with the line that explains it.
int overall_status(const Config& config, const RunInfo& info, const RunStats& stats,
                   std::ostream& out) {
  int status = run_exit_status(stats, info.health);
  if (info.health.stop == StopReason::Fatal || info.health.stop == StopReason::Downtime ||
      info.health.stop == StopReason::Internal) {
    out << "run stopped: " << info.health.stop_detail << "\n";
    return status;
  }
  if (status == kExitFailed) out << "run failed: " << failure_text(stats, info.health) << "\n";
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
    const std::vector<RunRule> rules = judge_run_rules(config, info, stats);
    if (!all_rules_pass(rules)) {
      out << "run failed (--spec): " << rules_overall_line(rules) << "\n";
      if (status == kExitOk) status = kExitFailed;
    }
  }
  return status;
}

// --spec without a warehouse count in the props: 10 terminals per home
// warehouse of the loaded database (4.2.2), read before anything is sized.
Config with_spec_terminals(const Config& given) {
  if (!given.terminals_from_load) return given;
  Config config = given;
  const auto conn = connect(config.conninfo);
  config.terminals = kDistrictsPerWarehouse *
                     home_warehouses(config, read_recorded_load(*conn).warehouses).count();
  return config;
}

}  // namespace

int run_benchmark(const Config& given, std::ostream& out) {
  const Config config = with_spec_terminals(given);
  ensure_run_limits(run_connection_count(config));
  const std::time_t started = std::time(nullptr);
  // Before connecting: a run must not measure and then find it cannot write.
  ResultSink results(config, started);
  if (!results.note().empty()) out << "note: " << results.note() << "\n";
  Random rng(time_seed());
  RunSetup setup;
  EngineResult result;
  std::string barrier_start;  // --driver: the common start, UTC
  try {
    setup = read_setup(config, rng);
    print_setup(out, config, setup);
    out << "  results:      " << results.dir() << "/\n";
    results.begin_intervals(config.standbys.size());

    EngineSetup engine_setup;
    engine_setup.warehouses = setup.load.warehouses;
    engine_setup.c_run = setup.c_run;
    engine_setup.citus = recorded_distribution(setup.load) == Distribution::Citus;
    engine_setup.seed = rng.next();
    engine_setup.interval_lines = [&config](const std::vector<IntervalSample>& samples) {
      return interval_lines(samples, config);
    };
    engine_setup.on_interval = [&results](const std::vector<IntervalSample>& samples) {
      results.append_interval(samples);
    };
    if (config.driver_count > 0) {
      engine_setup.start_barrier = [&config, &out,
                                    &barrier_start](const std::function<bool()>& interrupted) {
        const BarrierStart start = meet_at_start_barrier(config, interrupted, out);
        barrier_start = start.utc;
        return start.at;
      };
    }
    if (config.delivery_mode == DeliveryMode::Deferred) {
      results.begin_deliveries();
      engine_setup.on_delivery = [&results](const DeliveryRecord& record) {
        results.append_delivery(record);
      };
    }
    result = run_engine(config, engine_setup, out);
  } catch (...) {
    results.discard();  // nothing was measured
    throw;
  }
  RunInfo info = run_info(config, setup, result, started, barrier_start);

  out << "\n";
  print_summary(out, config, info, result.stats);
  info.exit_status = overall_status(config, info, result.stats, out);
  results.write_final(info, result.stats, result.intervals);
  out << "results written to " << results.dir() << "\n";
  out.flush();
  return info.exit_status;
}

}  // namespace tpcc
