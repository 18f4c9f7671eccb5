// Reading a result directory back (tpcc report DIR, --merge, --compare):
// result.json (the run's figures and its driver), config.json (the settings
// the report depends on), histograms.json (the counts in full) and
// intervals_by_type.csv (the figures over time).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "config/effective.hpp"
#include "config/errors.hpp"
#include "config/names.hpp"
#include "report/results/experiment_json.hpp"
#include "report/results/figures_json.hpp"
#include "report/results/histograms_file.hpp"
#include "report/results/interval_points.hpp"
#include "report/results/lag_json.hpp"
#include "report/results/merge.hpp"
#include "report/results/repeat_set_json.hpp"
#include "report/results/result_read.hpp"
#include "report/results/server_metrics_json.hpp"
#include "report/results/verdict_json.hpp"
#include "report/results/workload_result_json.hpp"
#include "report/workload_report.hpp"

namespace tpcc {
namespace {

using Json = nlohmann::json;

std::string read_text(const std::string& path, const std::string& flag) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError(flag + ": cannot read " + path + " (is it a tpcc result directory?)");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

Json read_json(const std::string& path, const std::string& flag) {
  try {
    return Json::parse(read_text(path, flag));
  } catch (const Json::exception& e) {
    throw UsageError(flag + ": " + path + " is not JSON (" + e.what() + ")");
  }
}

// The enum whose name (config/names.hpp) is text.
template <typename Enum, typename Name>
Enum enum_named(const std::string& text, std::initializer_list<Enum> values, Name name) {
  for (const Enum v : values) {
    if (name(v) == text) return v;
  }
  throw std::invalid_argument("unknown value '" + text + "'");
}

// The settings of config.json, as the options table reads them back; a
// redraw is always of a run.
Config config_from(const Json& j) {
  Config c = config_from_effective_json(j);
  c.verb = Verb::Run;
  return c;
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

RunInfo info_from(const Json& j) {
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

// A run killed before its end (SIGKILL, a crash of the machine) leaves
// config.json and intervals.csv but no result.json.
bool unfinished(const std::string& result_path, const std::string& config_path) {
  std::error_code ec;
  return !std::filesystem::exists(result_path, ec) && std::filesystem::exists(config_path, ec);
}

std::string unfinished_text(const std::string& who, const std::string& dir) {
  return who + " did not finish: " + dir +
         " has config.json but no result.json (the process was killed, or the machine stopped, "
         "before it wrote its results)";
}

// An unfinished run, or one that measured nothing (its result.json says
// so), is named rather than a file that cannot be read.
void refuse_unfinished(const std::string& dir, const std::string& result_path,
                       const std::string& config_path, const std::string& flag) {
  if (unfinished(result_path, config_path)) {
    throw UsageError(flag + ": " + unfinished_text("the run", dir));
  }
  std::error_code ec;
  if (!std::filesystem::exists(result_path, ec)) return;
  Json j;
  try {
    j = read_json(result_path, flag);
  } catch (const UsageError&) {
    return;  // named below, where every file is read
  }
  if (j.is_object() && j.value("measured", true) == false) {
    throw UsageError(flag + ": " + dir + ": the run measured nothing (" +
                     j.value("stop_reason", std::string("not_started")) + ": " +
                     j.value("stop_detail", std::string()) + ")");
  }
}

// read(result.json's JSON), its errors named as the file's.
template <typename Read>
void read_result_json(const std::string& path, const std::string& flag, Read read) {
  try {
    read(read_json(path, flag));
  } catch (const Json::exception& e) {
    throw UsageError(flag + ": " + path + " is not a tpcc result (" + e.what() + ")");
  } catch (const std::invalid_argument& e) {
    throw UsageError(flag + ": " + path + ": " + e.what());
  }
}

// A TPC-C result's figures are of TPC-C's five types, in every part: the
// pages and the rules read them by TPC-C's index.
void require_tpcc_types(const HistogramsFile& histograms, const std::vector<IntervalPoint>& points,
                        const std::string& histograms_where, const std::string& points_where) {
  const auto refuse = [](const std::string& where, std::size_t types) {
    throw UsageError(where + " holds the figures of " + std::to_string(types) +
                     " transaction types, a TPC-C run's " + std::to_string(kTxnTypes));
  };
  if (!is_tpcc_block(histograms.stats)) refuse(histograms_where, histograms.stats.types());
  for (const RunStats& standby : histograms.standbys) {
    if (!is_tpcc_block(standby)) refuse(histograms_where, standby.types());
  }
  for (const IntervalSample& sample : histograms.intervals) {
    if (!is_tpcc_block(sample.stats)) refuse(histograms_where, sample.stats.types());
  }
  for (const IntervalPoint& point : points) {
    if (point.txn.size() != static_cast<std::size_t>(kTxnTypes)) {
      refuse(points_where, point.txn.size());
    }
  }
}

// A run of sysbench's oltp tests, pgbench or ingest (config.json read):
// result.json's figures of its workload and intervals.csv.
void read_workload_result(ResultDir& result, const std::string& flag) {
  const std::string intervals_path = result.dir + "/intervals.csv";
  const std::string intervals = read_text(intervals_path, flag);
  read_result_json(result.dir + "/result.json", flag, [&result](const Json& j) {
    result.info = info_from(j);
    result.stats = workload_totals_from_json(j);
    result.workload = result_figures(j);
  });
  result.workload_points = read_workload_intervals_csv(intervals, flag + ": " + intervals_path);
}

}  // namespace

RecordedRun read_result_dir(const std::string& dir, const std::string& flag, bool with_points) {
  RecordedRun result;
  result.dir = dir;
  const std::string result_path = dir + "/result.json";
  const std::string config_path = dir + "/config.json";
  const std::string histograms_path = dir + "/" + kHistogramsFile;
  const std::string points_path = dir + "/" + kIntervalsByTypeFile;
  refuse_unfinished(dir, result_path, config_path, flag);
  read_text(result_path, flag);
  try {
    result.config_json = read_text(config_path, flag);
    result.config = config_from(read_json(config_path, flag));
  } catch (const Json::exception& e) {
    throw UsageError(flag + ": " + config_path + " is not a tpcc run's configuration (" + e.what() +
                     ")");
  } catch (const std::invalid_argument& e) {
    throw UsageError(flag + ": " + config_path + ": " + e.what());
  }
  if (!workload_report(result.config.workload).tpmc) {
    read_workload_result(result, flag);
    return result;
  }
  // Every file is looked for first, so that the one missing is named
  // before any is judged.
  read_text(histograms_path, flag);
  if (with_points)
    result.points =
        read_intervals_by_type_csv(read_text(points_path, flag), flag + ": " + points_path);
  std::optional<RunVerdict> recorded;
  read_result_json(result_path, flag, [&result, &recorded](const Json& j) {
    result.info = info_from(j);
    result.workload = result_figures(j);
    recorded = verdict_from_json(j);
  });
  HistogramsFile histograms =
      read_histograms_file(read_text(histograms_path, flag), flag + ": " + histograms_path);
  require_tpcc_types(histograms, result.points, flag + ": " + histograms_path,
                     flag + ": " + points_path);
  result.stats = std::move(histograms.stats);
  result.intervals = std::move(histograms.intervals);
  result.info.measured_lines = measured_throughput(result.intervals);
  if (result.info.measured_lines.empty() && result.info.health.downtime_seconds == 0) {
    // A run's own result keeps its interval lines in intervals_by_type.csv
    // only: the measured lines' New-Orders (5.5 steady state) are read from
    // there. Their downtime is not in that file; with none in the whole run
    // it is none in every line. With some, the lines are left out and the
    // rules judge from the run's downtime, as they do for a run without
    // lines.
    for (const IntervalPoint& point : result.points) {
      if (point.warmup || point.length_seconds <= 0) continue;
      result.info.measured_lines.push_back({point.length_seconds, point.txn[kNewOrder].count, 0.0});
    }
  }
  if (histograms.standbys.size() == result.info.standbys.size()) {
    for (std::size_t k = 0; k < histograms.standbys.size(); ++k) {
      result.info.standbys[k].stats = std::move(histograms.standbys[k]);
    }
  } else {
    result.notes.push_back(
        histograms_path + " holds the figures of " + std::to_string(histograms.standbys.size()) +
        " standbys and " + result_path + " names " + std::to_string(result.info.standbys.size()) +
        ": the standby sections are left out (written by a tpcc that kept no standby "
        "histograms)");
    result.info.standbys.clear();
  }
  // The one place a verdict is judged again from what was read back: a
  // result of a tpcc that recorded it only in part.
  result.verdict = recorded ? *recorded : judge_run(result.config, result.info, result.stats);
  return result;
}

DriverResult read_driver_result(const std::string& dir) {
  ResultDir r = read_result_dir(dir, "--merge", false);
  if (!workload_report(r.config.workload).tpmc) {
    throw UsageError("--merge: " + dir + " holds a run of " + r.workload.workload +
                     ": only the drivers of a TPC-C run (tpcc run --driver I/N) are merged");
  }
  return {r.dir, r.config, r.info, r.stats, r.intervals};
}

namespace {

// The run directories a set's result.json lists; none from a single run's.
std::vector<std::string> listed_runs(const std::string& dir, const std::string& flag) {
  const std::string path = dir + "/result.json";
  const Json j = read_json(path, flag);
  std::vector<std::string> runs;
  if (j.value("kind", "") != kRepeatSetKind) return runs;
  try {
    for (const Json& run : j.at("runs"))
      runs.push_back(dir + "/" + run.at("dir").get<std::string>());
  } catch (const Json::exception& e) {
    throw UsageError(flag + ": " + path + " is not a tpcc result (" + e.what() + ")");
  }
  if (runs.empty()) throw UsageError(flag + ": " + path + " lists no runs");
  return runs;
}

}  // namespace

std::vector<ResultDir> read_result_set(const std::string& dir, const std::string& flag,
                                       bool with_points) {
  const std::vector<std::string> listed = listed_runs(dir, flag);
  if (listed.empty()) return {read_result_dir(dir, flag, with_points)};
  std::vector<ResultDir> runs;
  for (const std::string& run : listed) runs.push_back(read_result_dir(run, flag, with_points));
  return runs;
}

bool is_result_set(const std::string& dir) {
  try {
    return !listed_runs(dir, "").empty();
  } catch (const UsageError&) {
    return false;
  }
}

std::vector<DriverResult> read_driver_results(const std::vector<std::string>& dirs) {
  std::vector<DriverResult> results;
  std::vector<std::string> killed;
  for (const std::string& dir : dirs) {
    if (unfinished(dir + "/result.json", dir + "/config.json")) {
      killed.push_back(dir);
    } else {
      results.push_back(read_driver_result(dir));
    }
  }
  if (killed.empty()) return results;
  // The driver a killed directory was: the one number the finished ones
  // do not name (its config.json does not say).
  std::string who = "a driver";
  if (killed.size() == 1 && !results.empty() && results.front().info.driver) {
    const int count = results.front().info.driver->count;
    std::vector<int> missing;
    for (int index = 1; index <= count; ++index) {
      const bool present = std::any_of(results.begin(), results.end(), [index](const auto& r) {
        return r.info.driver && r.info.driver->index == index;
      });
      if (!present) missing.push_back(index);
    }
    if (missing.size() == 1) {
      who = "driver " + std::to_string(missing.front()) + " of " + std::to_string(count);
    }
  }
  throw UsageError("--merge: " + unfinished_text(who, killed.front()) +
                   (killed.size() > 1 ? " (and " + std::to_string(killed.size() - 1) +
                                            " more directories like it)"
                                      : std::string()) +
                   "; merge the drivers that finished, or run again");
}

}  // namespace tpcc
