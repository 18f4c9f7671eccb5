// result.json's run record read back (report/results/run_info_json.hpp).
#include <stdexcept>

#include "config/names.hpp"
#include "report/results/experiment_json.hpp"
#include "report/results/lag_json.hpp"
#include "report/results/run_info_json.hpp"
#include "report/results/server_metrics_json.hpp"

namespace tpcc {
namespace {

using Json = nlohmann::json;

// The enum whose name (config/names.hpp) is text.
template <typename Enum, typename Name>
Enum enum_named(const std::string& text, std::initializer_list<Enum> values, Name name) {
  for (const Enum v : values) {
    if (name(v) == text) return v;
  }
  throw std::invalid_argument("unknown value '" + text + "'");
}

StopReason stop_named(const std::string& text) {
  return enum_named(text,
                    {StopReason::Completed, StopReason::Interrupted, StopReason::Fatal,
                     StopReason::Downtime, StopReason::Internal},
                    stop_reason_name);
}

std::optional<CheckpointCounters> counters_from(const Json& j) {
  if (j.is_null()) return std::nullopt;
  return CheckpointCounters{j.at("timed").get<std::int64_t>(),
                            j.at("requested").get<std::int64_t>(),
                            j.at("checkpoint_timeout_s").get<double>(),
                            // Results of earlier versions read pg_stat_bgwriter.
                            j.value("view", std::string("pg_stat_bgwriter"))};
}

// result.json run_rules.checkpoints: the server's counters read at the
// measured interval's start and end (5.5.2.2).
CheckpointFigures checkpoints_from(const Json& j) {
  CheckpointFigures figures;
  figures.at_start = counters_from(j.at("at_start"));
  figures.at_end = counters_from(j.at("at_end"));
  figures.problem = j.at("problem").get<std::string>();
  return figures;
}

// A result of a tpcc that recorded no C-Run has none.
std::optional<NURandConstants> c_run_from(const Json& j) {
  if (j.is_null()) return std::nullopt;
  return NURandConstants{j.at("c_last").get<int>(), j.at("c_id").get<int>(),
                         j.at("ol_i_id").get<int>()};
}

DriverRun driver_from(const Json& driver) {
  DriverRun d;
  d.run_id = driver.at("run_id").get<std::string>();
  d.index = driver.at("index").get<int>();
  d.count = driver.at("count").get<int>();
  d.first_warehouse = driver.at("first_warehouse").get<int>();
  d.last_warehouse = driver.at("last_warehouse").get<int>();
  d.barrier_start = driver.at("barrier_start_utc").get<std::string>();
  return d;
}

std::optional<ErrorNote> error_note_from(const Json& j) {
  if (j.is_null()) return std::nullopt;
  ErrorNote note;
  note.at_seconds = j.at("at_seconds").get<double>();
  if (!j.at("sqlstate").is_null()) note.sqlstate = j.at("sqlstate").get<std::string>();
  note.message = j.at("message").get<std::string>();
  return note;
}

// Downtime and errors of one server (result.json's top level for the
// primary, each standby's object for it).
void read_health(const Json& j, RunHealth& health) {
  health.downtime_seconds = j.at("downtime_seconds").get<double>();
  health.reconnect_failures = j.at("reconnect_failures").get<std::int64_t>();
  health.first_error = error_note_from(j.value("first_error", Json()));
  health.last_error = error_note_from(j.value("last_error", Json()));
  // Absent in the results of an older tpcc.
  if (j.contains("unreachable_connections")) {
    health.unreachable_connections =
        j.at("unreachable_connections").get<std::vector<std::string>>();
  }
  if (j.contains("unreachable_since_seconds") && !j.at("unreachable_since_seconds").is_null()) {
    health.unreachable_since = j.at("unreachable_since_seconds").get<double>();
  }
  health.distinct_errors = j.value("distinct_errors", std::int64_t{0});
  // Absent in the results of an older tpcc.
  for (const Json& o : j.value("outages", Json::array())) {
    health.outages.push_back(
        {o.at("start_seconds").get<double>(), o.at("end_seconds").get<double>(),
         o.at("host_before").get<std::string>(), o.at("host_after").get<std::string>()});
  }
  health.failover_expected = j.value("failover_expected", false);
  health.aborted_terminals = j.value("aborted_terminals", std::int64_t{0});
}

std::optional<LedgerFigures> ledger_from(const Json& j) {
  if (j.is_null()) return std::nullopt;
  LedgerFigures ledger;
  ledger.acknowledged = j.at("acknowledged").get<std::int64_t>();
  // Results written before the ledger counted the measured interval's.
  const Json measured = j.value("acknowledged_measured", Json());
  if (!measured.is_null()) ledger.acknowledged_measured = measured.get<std::int64_t>();
  ledger.lost = j.at("lost").get<std::int64_t>();
  ledger.checked_on_host = j.at("checked_on_host").get<std::string>();
  for (const Json& o : j.at("lost_orders")) {
    AcknowledgedOrder lost;
    lost.w_id = o.at("w_id").get<std::int32_t>();
    lost.d_id = o.at("d_id").get<std::int32_t>();
    lost.o_id = o.at("o_id").get<std::int32_t>();
    lost.c_id = o.value("c_id", 0);  // 0: written before the ledger kept it
    ledger.lost_orders.push_back(lost);
  }
  if (!j.at("error").is_null()) ledger.error = j.at("error").get<std::string>();
  return ledger;
}

// One standby of result.json; its counts and histograms are histograms.json's.
StandbyRun standby_from(const Json& j) {
  StandbyRun standby;
  standby.target = j.at("target").get<std::string>();
  standby.terminals = j.at("terminals").get<int>();
  standby.lag = lag_from_json(j.at("replication_lag"));
  standby.server_metrics = server_metrics_from_json(j.value("server_metrics", Json()));
  read_health(j, standby.health);
  // What the run said of it (views/health.hpp standby_stop_detail).
  if (j.contains("stop_detail") && !j.at("stop_detail").is_null()) {
    standby.health.stop_detail = j.at("stop_detail").get<std::string>();
  }
  return standby;
}

}  // namespace

RunInfo run_info_from_json(const Json& j) {
  RunInfo info;
  info.terminals = j.at("terminals").get<int>();
  info.measured_seconds = j.at("measured_seconds").get<double>();
  info.warmup_seconds = j.at("warmup_seconds").get<double>();
  info.started_at = j.at("started_at").get<std::string>();
  info.interrupted = j.at("interrupted").get<bool>();
  info.transactions_all_phases = j.at("transactions_all_phases").get<std::int64_t>();
  info.exit_status = j.at("exit_status").get<int>();
  info.health.stop = stop_named(j.at("stop_reason").get<std::string>());
  if (!j.at("stop_detail").is_null())
    info.health.stop_detail = j.at("stop_detail").get<std::string>();
  read_health(j, info.health);
  // TPC-C's own: the other workloads have no warehouses and no run rules.
  if (j.value("workload", std::string("tpcc")) == "tpcc") {
    info.warehouses = j.at("warehouses").get<int>();
    info.c_run = c_run_from(j.value("c_run", Json()));
    info.checkpoints = checkpoints_from(j.at("run_rules").at("checkpoints"));
  }
  info.server_metrics = server_metrics_from_json(j.value("server_metrics", Json()));
  const Json& interval = j.at("measured_interval");
  if (!interval.is_null()) {
    info.measured_start_ms = interval.at("start_ms").get<std::int64_t>();
    info.measured_end_ms = interval.at("end_ms").get<std::int64_t>();
  }
  if (j.contains("merged")) {
    for (const Json& part : j.at("merged").at("drivers")) {
      MergedPart p;
      p.dir = part.at("dir").get<std::string>();
      p.driver = driver_from(part.at("driver"));
      info.merged_from.push_back(p);
    }
  }
  const Json& driver = j.at("driver");
  if (!driver.is_null()) info.driver = driver_from(driver);
  info.experiment = experiment_from_json(j);
  info.ledger = ledger_from(j.value("ledger", Json()));
  // "standbys" lists them all when there are several, "standby" is the first.
  if (j.contains("standbys")) {
    for (const Json& standby : j.at("standbys")) info.standbys.push_back(standby_from(standby));
  } else if (j.contains("standby")) {
    info.standbys.push_back(standby_from(j.at("standby")));
  }
  return info;
}

}  // namespace tpcc
