#include "report/results/result_json.hpp"

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "config/json_text.hpp"
#include "config/local_time.hpp"
#include "config/names.hpp"
#include "metrics/run.hpp"
#include "metrics/terminal_totals.hpp"
#include "report/results/delivery_file.hpp"
#include "report/results/experiment_json.hpp"
#include "report/results/figures_json.hpp"
#include "report/results/histograms_file.hpp"
#include "report/results/json_round.hpp"
#include "report/results/lag_json.hpp"
#include "report/results/merge.hpp"
#include "report/results/schedule_json.hpp"
#include "report/results/server_metrics_json.hpp"
#include "report/results/verdict_json.hpp"
#include "report/views/bottleneck.hpp"
#include "report/views/health.hpp"
#include "report/workload_report.hpp"
#include "spec/transactions.hpp"

#ifndef TPCC_VERSION
#define TPCC_VERSION "unknown"
#endif

namespace tpcc {
namespace {

using Json = nlohmann::ordered_json;

// Microseconds to milliseconds, kept to the microsecond.
double ms(double micros) { return round_to(micros / 1000.0, 3); }

// The mix weights as configured (percent, by transaction name).
Json mix_json(const std::array<double, kTxnTypes>& mix) {
  Json j;
  for (int i = 0; i < kTxnTypes; ++i)
    j[std::string(txn_name(i))] = mix[static_cast<std::size_t>(i)];
  return j;
}

// {"mean_s": seconds, "count": n}; mean null when none were drawn.
Json delays_json(const DelayTotals& d) {
  return {{"mean_s", d.count > 0 ? Json(round_to(d.mean(), 4)) : Json(nullptr)},
          {"count", d.count}};
}

Json transaction_json(const TxnStats& t, double seconds, std::int64_t all_completed,
                      double p90_limit_seconds) {
  const auto& h = t.latency;
  Json j;
  j["count"] = t.committed;
  j["rollbacks"] = t.rolled_back;
  j["errors"] = t.errors;
  j["retries"] = t.retries;
  j["timeouts"] = t.timeouts;
  j["unfinished"] = t.unfinished;
  j["latency_ms"] = {{"avg", ms(h.mean())},         {"p50", ms(h.percentile(50))},
                     {"p90", ms(h.percentile(90))}, {"p95", ms(h.percentile(95))},
                     {"p99", ms(h.percentile(99))}, {"max", ms(static_cast<double>(h.max()))}};
  j["completed"] = completed(t);
  j["percent_of_completed"] =
      round_to(all_completed > 0 ? completed(t) * 100.0 / all_completed : 0.0, 2);
  j["per_minute"] = round_to(per_minute(completed(t), seconds), 2);
  j["p90_limit_ms"] = p90_limit_seconds * 1000.0;
  // null when nothing completed: there is no percentile to judge.
  j["p90_within_limit"] = h.count() > 0 ? Json(p90_within(t, p90_limit_seconds)) : Json(nullptr);
  // 5.2.5.7: the realised keying and think times.
  j["keying_time"] = delays_json(t.keying);
  j["think_time"] = delays_json(t.think);
  return j;
}

Json transactions_json(const RunStats& stats, double seconds) {
  Json j = Json::object();
  const std::int64_t all = completed_total(stats);
  for (const auto& type : kTransactions) {
    j[std::string(txn_name(type.index))] =
        transaction_json(tpcc_type(stats, type.index), seconds, all, type.p90_limit_seconds);
  }
  return j;
}

Json counters_json(const std::optional<CheckpointCounters>& c) {
  if (!c) return nullptr;
  return {{"timed", c->timed},
          {"requested", c->requested},
          {"checkpoint_timeout_s", c->timeout_seconds},
          {"view", c->view}};
}

// The counters at the measured interval's start and end, the checkpoints
// between them (null when not both were read) and why a reading is missing.
Json checkpoints_json(const CheckpointFigures& f) {
  const std::optional<std::int64_t> count = checkpoints_between(f);
  return {{"at_start", counters_json(f.at_start)},
          {"at_end", counters_json(f.at_end)},
          {"in_interval", count ? Json(*count) : Json(nullptr)},
          {"problem", f.problem}};
}

// "run_rules": {"all_pass": bool, "rules": [{clause, name, value,
// requirement, verdict, detail}]}, and the checkpoint counters behind 5.5.2.2.
Json run_rules_json(const RunVerdict& verdict, const RunInfo& info) {
  return {{"all_pass", verdict.all_pass()},
          {"rules", rules_json(verdict.rules)},
          {"checkpoints", checkpoints_json(info.checkpoints)}};
}

// p50/p99/max of one lag measure; null when no sample had a value.
// 2.7.2 deferred Delivery: how it ran and how long the executions took.
Json delivery_json(const Config& config, const RunStats& stats) {
  Json j;
  j["mode"] = delivery_mode_name(config.delivery_mode);
  // 2.7.4.2: enough to compute the share of skipped deliveries and districts.
  const SkippedDistricts skipped = skipped_districts(stats);
  j["skipped"] = {{"deliveries", skipped.deliveries},
                  {"deliveries_with_skips", skipped.deliveries_with_skips},
                  {"districts", skipped.districts},
                  {"districts_skipped", skipped.districts_skipped},
                  {"reportable", skipped.reportable()}};
  if (config.delivery_mode == DeliveryMode::Sync) return j;
  const LatencyHistogram& h = stats.delivery_completion;
  j["workers"] = config.delivery_workers;
  j["completed"] = h.count();
  j["not_completed"] = stats.deliveries_not_completed;
  j["completion_ms"] = {{"p50", ms(h.percentile(50))},
                        {"p90", ms(h.percentile(90))},
                        {"max", ms(static_cast<double>(h.max()))}};
  j["completion_p90_limit_ms"] = kDeliveryCompletionLimitSeconds * 1000.0;
  // 2.7.2.2 as the run rules judge it: over every queued Delivery, the ones
  // not completed counted as late (null when none was queued).
  const DeliveryCompletion judged = delivery_completion(stats);
  j["completion_p90_of_queued_ms"] = judged.reached ? Json(ms(judged.p90_micros)) : Json(nullptr);
  j["completion_p90_within_limit"] = judged.judged() ? Json(judged.within_limit()) : Json(nullptr);
  return j;
}

Json error_note_json(const std::optional<ErrorNote>& note) {
  if (!note) return nullptr;
  return {{"at_seconds", round_to(note->at_seconds, 3)},
          {"sqlstate", note->sqlstate.empty() ? Json(nullptr) : Json(note->sqlstate)},
          {"message", note->message}};
}

// Downtime and errors of one server.
void add_health(Json& j, const RunHealth& health) {
  j["downtime_seconds"] = round_to(health.downtime_seconds, 3);
  j["reconnect_failures"] = health.reconnect_failures;
  j["unreachable_connections"] = health.unreachable_connections;
  j["unreachable_since_seconds"] =
      health.unreachable_since ? Json(round_to(*health.unreachable_since, 3)) : Json(nullptr);
  j["first_error"] = error_note_json(health.first_error);
  j["last_error"] = error_note_json(health.last_error);
  j["distinct_errors"] = health.distinct_errors;
  // Each outage with the server before and after; the RTO is the longest.
  Json outages = Json::array();
  for (const Outage& o : health.outages) {
    outages.push_back({{"start_seconds", round_to(o.start_seconds, 3)},
                       {"end_seconds", round_to(o.end_seconds, 3)},
                       {"seconds", round_to(o.seconds(), 3)},
                       {"host_before", o.host_before},
                       {"host_after", o.host_after}});
  }
  j["outages"] = outages;
  j["rto_seconds"] = round_to(recovery_time_seconds(health), 3);
  j["failover_expected"] = health.failover_expected;
  // Terminals their workload ended for good (pgbench's aborted clients).
  j["aborted_terminals"] = health.aborted_terminals;
}

// --failover: the acknowledged-commit ledger; null without it.
Json ledger_json(const std::optional<LedgerFigures>& ledger) {
  if (!ledger) return nullptr;
  Json lost = Json::array();
  for (const AcknowledgedOrder& o : ledger->lost_orders) {
    lost.push_back({{"w_id", o.w_id}, {"d_id", o.d_id}, {"o_id", o.o_id}, {"c_id", o.c_id}});
  }
  return {{"acknowledged", ledger->acknowledged},
          {"acknowledged_measured",
           ledger->acknowledged_measured < 0 ? Json(nullptr) : Json(ledger->acknowledged_measured)},
          {"lost", ledger->lost},
          {"checked_on_host", ledger->checked_on_host},
          {"lost_orders", lost},
          {"error", ledger->error.empty() ? Json(nullptr) : Json(ledger->error)}};
}

// Each terminal's measured events and their time (exact, in µs), and
// sysbench's Threads fairness from them; null when not known.
Json terminal_totals_json(const TerminalTotals& totals) {
  const std::optional<Fairness> f = fairness_of(totals);
  if (!f) return nullptr;
  return {{"events", totals.events},
          {"busy_us", totals.busy_micros},
          {"events_avg", round_to(f->events_avg, 4)},
          {"events_stddev", round_to(f->events_stddev, 4)},
          {"busy_seconds_avg", round_to(f->seconds_avg, 4)},
          {"busy_seconds_stddev", round_to(f->seconds_stddev, 4)}};
}

// number: 1-based, as the summary names the standby.
Json standby_json(int number, const StandbyRun& standby, double seconds) {
  Json j;
  j["tpmC"] = round_to(tpmc(standby.stats, seconds), 2);
  j["tpmTOTAL"] = round_to(tpm_total(standby.stats, seconds), 2);
  j["measured_seconds"] = seconds;
  j["terminals"] = standby.terminals;
  j["profile"] = profile_name(Profile::ReadOnly);
  j["transactions"] = transactions_json(standby.stats, seconds);
  j["terminal_totals"] = terminal_totals_json(standby.terminal_totals);
  j["replication_lag"] = replication_lag_json(standby.lag);
  j["server_metrics"] = server_metrics_json(standby.server_metrics);
  j["target"] = standby.target;
  j["errors"] = errors_total(standby.stats);
  j["retries"] = retries_total(standby.stats);
  j["reconnects"] = standby.stats.reconnects;
  j["unfinished_at_end"] = unfinished_total(standby.stats);
  add_health(j, standby.health);
  const std::string stopped = standby_stop_detail(number, standby);
  j["stop_detail"] = stopped.empty() ? Json(nullptr) : Json(stopped);
  return j;
}

// --host-policy round-robin|random: the primary's figures per host, as
// the summary's per-host table shows them (report/views/host_table.hpp).
Json hosts_json(const Config& config, const RunInfo& info) {
  const double seconds = info.measured_seconds;
  Json all = Json::array();
  for (const HostRun& host : info.hosts) {
    Json j = {{"host", host.host},
              {"connections", host.connections},
              {"completed", completed_total(host.stats)},
              {"errors", errors_total(host.stats)},
              {"reconnects", host.stats.reconnects},
              {"tpmTOTAL", round_to(tpm_total(host.stats, seconds), 2)},
              {"tps", round_to(per_second(completed_total(host.stats), seconds), 2)}};
    if (workload_report(config.workload).tpmc) j["tpmC"] = round_to(tpmc(host.stats, seconds), 2);
    all.push_back(j);
  }
  return all;
}

// 2.1.6: the C-Run every terminal of the run used.
Json c_run_json(const std::optional<NURandConstants>& c) {
  if (!c) return nullptr;
  return {{"c_last", c->c_last}, {"c_id", c->c_id}, {"ol_i_id", c->ol_i_id}};
}

Json driver_json(const DriverRun& d) {
  return {{"run_id", d.run_id},
          {"index", d.index},
          {"count", d.count},
          {"first_warehouse", d.first_warehouse},
          {"last_warehouse", d.last_warehouse},
          {"barrier_start_utc", d.barrier_start}};
}

// The wall-clock bounds of the measured interval, for merging the results of
// several drivers (which must overlap) and for lining a result up with
// server logs.
Json interval_json(std::int64_t start_ms, std::int64_t end_ms) {
  if (start_ms == 0) return nullptr;
  return {{"start_utc", format_utc_ms(start_ms)},
          {"end_utc", format_utc_ms(end_ms)},
          {"start_ms", start_ms},
          {"end_ms", end_ms}};
}

// tpcc report --merge: how the figures were combined, and from what.
Json merged_json(const std::vector<MergedPart>& parts) {
  Json list = Json::array();
  for (const MergedPart& p : parts) {
    list.push_back({{"dir", p.dir},
                    {"driver", driver_json(p.driver)},
                    {"terminals", p.terminals},
                    {"tpmC", round_to(p.tpmc, 2)},
                    {"tpmTOTAL", round_to(p.tpm_total, 2)},
                    {"measured_seconds", p.measured_seconds},
                    {"measured_interval", interval_json(p.measured_start_ms, p.measured_end_ms)}});
  }
  return {{"rule", kMergeRule}, {"drivers", list}};
}

// What every workload's result.json holds: how long it measured, how it
// ended and why, its errors and downtime, and how it started.
Json common_result_json(const Config& config, const RunInfo& info, const RunStats& stats) {
  Json j;
  j["workload"] = workload_name(config);
  j["measured_seconds"] = info.measured_seconds;
  j["warmup_seconds"] = info.warmup_seconds;
  j["terminals"] = info.terminals;
  j["terminal_totals"] = terminal_totals_json(info.terminal_totals);
  j["isolation"] = isolation_name(config.isolation);
  // How --rate's transactions arrived (terminal/engine/arrivals.hpp); none unpaced.
  j["arrivals"] = config.rate_tpm > 0 ? Json(arrivals_name(config.arrivals)) : Json(nullptr);
  j["started_at"] = info.started_at;
  j["interrupted"] = info.interrupted;
  j["errors"] = errors_total(stats);
  j["retries"] = retries_total(stats);
  j["reconnects"] = stats.reconnects;
  j["timeouts"] = timeouts_total(stats);
  j["unfinished_at_end"] = unfinished_total(stats);
  add_health(j, info.health);
  j["stop_reason"] = stop_reason_name(info.health.stop);
  j["stop_detail"] =
      info.health.stop_detail.empty() ? Json(nullptr) : Json(info.health.stop_detail);
  j["exit_status"] = info.exit_status;
  j["transactions_all_phases"] = info.transactions_all_phases;
  // Offered and achieved, latency from the due time (tpcc curve's point).
  j["schedule"] = schedule_json(config, info, stats);
  j["measured_interval"] = interval_json(info.measured_start_ms, info.measured_end_ms);
  j["driver"] = info.driver ? driver_json(*info.driver) : Json(nullptr);
  j["server_metrics"] = server_metrics_json(info.server_metrics);
  j["tool"] = "tpcc";
  j["tool_version"] = TPCC_VERSION;
  // How the run started and what it ran on (docs/experiments.md).
  j["snapshot"] = snapshot_json(info.experiment.snapshot);
  j["conditioning"] = conditioning_json(info.experiment.conditioning);
  j["environment"] = environment_json(info.experiment.environment);
  j["preflight"] = preflight_json(info.experiment.preflight);
  if (!info.hosts.empty()) j["hosts"] = hosts_json(config, info);
  return j;
}

// TPC-C's own figures: tpmC, the five transactions, the audits and run
// rules, the Delivery queue, the ledger, the bottleneck.
void add_tpcc_figures(Json& j, const Config& config, const RunInfo& info, const RunStats& stats,
                      const RunVerdict& verdict) {
  // A TPC-C result without its verdict would say that every rule passes.
  if (!verdict.judged) throw std::logic_error("result.json of a TPC-C run without its verdict");
  const double seconds = info.measured_seconds;
  const double tpmc_value = tpmc(stats, seconds);
  j["tpmC"] = round_to(tpmc_value, 2);
  j["tpmTOTAL"] = round_to(tpm_total(stats, seconds), 2);
  j["warehouses"] = info.warehouses;
  j["mode"] = mode_name(config.mode);
  j["profile"] = profile_name(config.profile);
  j["transactions"] = transactions_json(stats, seconds);
  if (!info.standbys.empty()) j["standby"] = standby_json(1, info.standbys.front(), seconds);
  if (info.standbys.size() > 1) {
    Json all = Json::array();
    for (std::size_t i = 0; i < info.standbys.size(); ++i) {
      all.push_back(standby_json(static_cast<int>(i + 1), info.standbys[i], seconds));
    }
    j["standbys"] = all;
  }
  j["tpmC_includes_rollbacks"] = true;  // 5.4.2 with 2.4.2.3
  j["new_order_committed"] = tpcc_type(stats, kNewOrder).committed;
  j["new_order_rolled_back"] = tpcc_type(stats, kNewOrder).rolled_back;
  // null unless the run was paced by the spec's keying and think times (5.2.5).
  const bool meaningful = efficiency_meaningful(config);
  j["efficiency"] =
      meaningful ? Json(round_to(efficiency(tpmc_value, info.warehouses), 2)) : Json(nullptr);
  j["efficiency_meaningful"] = meaningful;
  j["keying_and_thinking"] = config.keying_and_thinking;
  j["delivery"] = delivery_json(config, stats);
  j["ledger"] = ledger_json(info.ledger);
  j["mix"] = mix_json(config.mix);
  j["c_run"] = c_run_json(info.c_run);
  if (!info.merged_from.empty()) j["merged"] = merged_json(info.merged_from);
  j["histograms"] = {{"file", kHistogramsFile}, {"layout", LatencyHistogram::layout()}};
  j["audits"] = audits_json(verdict.audits);
  j["run_rules"] = run_rules_json(verdict, info);
  const Bottleneck bound = judge_bottleneck(bottleneck_figures(config, info));
  j["bottleneck"] = {{"bound_by", bound.bound_by}, {"line", bound.line}};
}

// Each standby of an oltp or pgbench run: what it ran (workload), the
// workload's figures of its side under `key`, its replication lag and its
// health.
Json workload_standbys_json(const RunInfo& info, const Json& workload, const char* key,
                            const std::function<Json(const RunStats&)>& figures) {
  Json all = Json::array();
  for (std::size_t i = 0; i < info.standbys.size(); ++i) {
    const StandbyRun& standby = info.standbys[i];
    Json j;
    j["target"] = standby.target;
    j["terminals"] = standby.terminals;
    j["workload"] = workload;
    j[key] = figures(standby.stats);
    j["terminal_totals"] = terminal_totals_json(standby.terminal_totals);
    j["replication_lag"] = replication_lag_json(standby.lag);
    j["server_metrics"] = server_metrics_json(standby.server_metrics);
    j["errors"] = errors_total(standby.stats);
    j["reconnects"] = standby.stats.reconnects;
    j["unfinished_at_end"] = unfinished_total(standby.stats);
    add_health(j, standby.health);
    const std::string stopped = standby_stop_detail(static_cast<int>(i + 1), standby);
    j["stop_detail"] = stopped.empty() ? Json(nullptr) : Json(stopped);
    all.push_back(j);
  }
  return all;
}

}  // namespace

std::string result_json(const Config& config, const RunInfo& info, const RunStats& stats,
                        const RunVerdict& verdict) {
  Json j = common_result_json(config, info, stats);
  const WorkloadReport& report = workload_report(config.workload);
  if (report.result_key == nullptr) {
    add_tpcc_figures(j, config, info, stats, verdict);
  } else {
    j[report.result_key] = report.result_figures(config, info, stats);
    if (report.standby_figures != nullptr && !info.standbys.empty()) {
      j["standbys"] = workload_standbys_json(
          info, report.standby_workload(config), report.result_key,
          [&](const RunStats& s) { return report.standby_figures(config, info, s); });
    }
  }
  // What ran beside it (a mixed run's analytic streams), each under its key.
  for (const WorkloadReport* side : workload_reports()) {
    if (side == &report || side->side_figures == nullptr) continue;
    const Json figures = side->side_figures(info);
    if (!figures.is_null()) j[side->result_key] = figures;
  }
  // Every workload's figures in one block, as its report part reads them
  // from the keys above, with each type's percentiles from the statistics.
  WorkloadFigures figures = figures_of_own_keys(nlohmann::json(j));
  add_type_latencies(figures, stats);
  j["figures"] = figures_json(figures);
  return json_text(j, 2);
}

std::string not_started_json(const std::string& stop_reason, const std::string& detail,
                             int exit_status, const std::string& started_at) {
  Json j;
  j["measured"] = false;
  j["stop_reason"] = stop_reason;
  j["stop_detail"] = detail;
  j["exit_status"] = exit_status;
  j["started_at"] = started_at;
  j["tool"] = "tpcc";
  j["tool_version"] = TPCC_VERSION;
  return json_text(j, 2);
}

}  // namespace tpcc
