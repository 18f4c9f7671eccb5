#include "app/capacity_command.hpp"

#include <algorithm>
#include <ctime>
#include <exception>
#include <filesystem>

#include <pqxx/pqxx>

#include "app/run_command.hpp"
#include "app/run_once.hpp"
#include "config/errors.hpp"
#include "config/names.hpp"
#include "config/settings/values.hpp"
#include "db/connect.hpp"
#include "loader/load_state.hpp"
#include "metrics/stats.hpp"
#include "report/console/capacity_table.hpp"
#include "report/html/capacity_page.hpp"
#include "report/html/html_report.hpp"
#include "report/result_sink.hpp"
#include "report/results/capacity_json.hpp"
#include "report/results/result_read.hpp"
#include "report/rules/bracket_search.hpp"
#include "report/rules/run_rules.hpp"
#include "report/rules/run_verdict.hpp"
#include "report/views/format.hpp"
#include "report/workload_report.hpp"

namespace tpcc {
namespace {

// 4.2.2: ten terminals per active warehouse (and, unpaced, at most ten per
// loaded warehouse, so fixed home warehouses keep their districts apart).
constexpr int kTerminalsPerWarehouse = 10;

// The connections the server takes from roles without superuser, less
// those open now: the most terminals a step of another workload can open
// (each its own connection). Read once before the search.
constexpr const char* kConnectionRoomSql =
    "select current_setting('max_connections')::int"
    " - current_setting('superuser_reserved_connections')::int"
    " - (select count(*)::int from pg_stat_activity where backend_type = 'client backend')";

int loaded_warehouses(const Config& config) {
  const auto conn = connect(config.conninfo);
  return read_recorded_load(*conn).warehouses;
}

int connection_room(const Config& config) {
  const auto conn = connect(config.conninfo);
  pqxx::nontransaction tx(*conn);
  return tx.exec1(kConnectionRoomSql)[0].as<int>();
}

// TPC-C's search: over its loaded warehouses, each step judged by its rules.
bool is_tpcc(const Config& config) { return workload_report(config.workload).tpmc; }

// --rate is per minute; an oltp test's, as sysbench's, per second. A search
// over the rate counts in the unit the workload's --rate is given in.
double rate_unit_seconds(const Config& config) {
  return workload_report(config.workload).rate_per_second ? 1 : 60;
}

std::string rate_unit(const Config& config) {
  return workload_report(config.workload).rate_per_second ? "/s" : "/min";
}

// One step's run: `value` active warehouses (paced) or terminals.
Config step_config(const Config& config, int value, const std::string& dir) {
  Config one = config;
  one.verb = Verb::Run;
  one.spec = false;
  one.json_file.clear();
  one.result_dir = dir;
  if (config.search_over_rate) {
    one.rate_tpm = value * (60 / rate_unit_seconds(config));
    one.warehouse_from = 0;
    one.warehouse_to = 0;
  } else if (capacity_paced(config)) {
    one.terminals = kTerminalsPerWarehouse * value;
    one.warehouse_from = 1;
    one.warehouse_to = value;
  } else {
    one.terminals = value;
    one.warehouse_from = 0;
    one.warehouse_to = 0;
  }
  if (one.connections > one.terminals) one.connections = one.terminals;
  return one;
}

std::string what_is_searched(const Config& config, int value) {
  const bool paced = capacity_paced(config);
  if (config.search_over_rate) {
    return "rate " + std::to_string(value) + rate_unit(config) + ", " +
           std::to_string(config.terminals) + " terminals";
  }
  return paced ? std::to_string(value) +
                     (value == 1 ? " active warehouse, " : " active warehouses, ") +
                     std::to_string(kTerminalsPerWarehouse * value) + " terminals"
               : std::to_string(value) + (value == 1 ? " terminal" : " terminals");
}

void print_plan(std::ostream& out, const Config& config, int loaded, int most) {
  const bool paced = capacity_paced(config);
  out << "capacity search: ";
  if (is_tpcc(config)) {
    out << loaded << (loaded == 1 ? " warehouse" : " warehouses") << " loaded; ";
  } else {
    out << workload_name(config) << "; ";
  }
  out << (config.search_over_rate ? "rate (" + rate_unit(config) + ") at " +
                                        std::to_string(config.terminals) + " terminals"
          : paced ? std::string("active warehouses")
                  : std::string("terminals"))
      << " from " << std::min(config.search_start, most) << ", doubling, then bisecting, up to "
      << most << "\n  each step: " << config.warmup_seconds << " s warm-up, "
      << config.duration_seconds << " s measured\n  a step passes when: ";
  if (paced) {
    out << "every 90th percentile within its limit (5.2.5.3), the mix's minimums once a whole "
           "deck is dealt (5.2.3)";
    if (config.efficiency_floor > 0) {
      out << ", efficiency at least " << config.efficiency_floor << "% (--efficiency-floor)";
    }
  } else if (is_tpcc(config)) {
    out << "New-Order's 90th percentile at most " << config.latency_limit_ms
        << " ms (--latency-limit)";
  } else {
    out << "its " << capacity_tail_text(config) << " at most " << config.latency_limit_ms
        << " ms (--latency-limit) and the run clean (exit 0)";
  }
  if (config.search_over_rate) {
    out << ", and at least " << format_number(config.efficiency_floor)
        << "% of the rate completed (--efficiency-floor)";
  }
  out << "\n";
}

// The search's own files: result.json and report.html.
void write_search(ResultSink& set, const Config& config, const CapacitySearchRecord& record,
                  std::ostream& out) {
  set.write_file("result.json", capacity_json(config, record) + "\n");
  set.write_file(kReportFile, html_capacity_search(record, capacity_paced(config)));
  out << "search results written to " << set.dir() << "\n";
}

// What a step completed per minute: TPC-C's transactions over its measured
// seconds; another workload's stats hold no counts, its intervals do (the
// transactions, the ingest's batches, per second of each measured interval).
double completed_per_minute(const ResultDir& result) {
  const std::vector<WorkloadPoint>& points = result.workload_points.points;
  if (points.empty()) {
    return static_cast<double>(completed_total(result.stats)) * 60 / result.info.measured_seconds;
  }
  double completed = 0;
  double seconds = 0;
  double previous = 0;
  for (const WorkloadPoint& p : points) {
    const double length = p.end_seconds - previous;
    previous = p.end_seconds;
    if (p.warmup || length <= 0) continue;
    completed += p.tps * length;
    seconds += length;
  }
  return seconds > 0 ? completed * 60 / seconds : 0;
}

// A step of a search over the rate carries that rate only when it completed
// --efficiency-floor percent of it: terminals that cannot keep up send
// less, and their latency alone would not say so.
void judge_rate_reached(const Config& one, const ResultDir& result, CapacityStep& step) {
  const double per_unit = 60 / rate_unit_seconds(one);
  step.rate = one.rate_tpm / per_unit;
  step.rate_unit = rate_unit(one);
  if (step.verdict == CapacityVerdict::Stopped || result.info.measured_seconds <= 0) return;
  const double reached = completed_per_minute(result);
  const double floor = rate_floor_per_minute(one.rate_tpm, one.efficiency_floor,
                                             result.info.measured_seconds, one.arrivals);
  if (reached >= floor) return;
  step.verdict = CapacityVerdict::Fail;
  std::string why = "completed " + fixed(reached / per_unit, 1) + step.rate_unit + ", below " +
                    format_number(one.efficiency_floor) + "% of the rate " + fixed(*step.rate, 0) +
                    step.rate_unit + " (--efficiency-floor)";
  if (one.arrivals == Arrivals::Poisson) {
    why += ", " + fixed(floor / per_unit, 1) + step.rate_unit +
           " allowing for the draw of its Poisson arrivals";
  }
  step.why.push_back(why);
}

// The step's verdict from its result directory, as the report reads it.
// A step of another workload that ran unclean (errors above 1 % of its
// transactions: exit 1) carries no load either.
CapacityStep judged_step(const Config& one, const std::string& dir, int active, int status) {
  const RecordedRun result = read_result_dir(dir, "capacity", false);
  CapacityStep step =
      is_tpcc(one) ? judge_capacity_step(one, result.info, result.stats, result.verdict, active)
                   : judge_workload_capacity_step(one, result.info, result.stats, result.workload);
  if (!is_tpcc(one) && step.verdict == CapacityVerdict::Pass && status != kExitOk) {
    step.verdict = CapacityVerdict::Fail;
    step.why.push_back("the run exited " + std::to_string(status) + " (its summary says why)");
  }
  if (one.search_over_rate) judge_rate_reached(one, result, step);
  return step;
}

// --confirm: the full-length run at the answer, judged by every run rule
// as a run with --spec is.
CapacityConfirmation confirm_answer(const Config& config, const CapacityStep& answer,
                                    const std::string& set_dir, std::ostream& out) {
  const bool paced = capacity_paced(config);
  CapacityConfirmation confirmation;
  confirmation.dir = "confirm";
  Config one = step_config(config, paced ? answer.active_warehouses : answer.terminals,
                           (std::filesystem::path(set_dir) / confirmation.dir).string());
  one.spec = true;
  one.duration_seconds = config.confirm_duration_seconds;
  out << "\n== confirmation: "
      << what_is_searched(config, paced ? answer.active_warehouses : answer.terminals) << ", "
      << one.duration_seconds << " s ==\n";
  confirmation.exit_status = run_benchmark(one, out);
  const RecordedRun result =
      read_result_dir(set_dir + "/" + confirmation.dir, "capacity --confirm", false);
  // The verdict the run judged, as its result.json recorded it.
  confirmation.rules_pass = result.verdict.all_pass();
  confirmation.rules_line = result.verdict.overall_line();
  return confirmation;
}

}  // namespace

int capacity_command(const Config& config, std::ostream& out) {
  const bool paced = capacity_paced(config);
  const int loaded = is_tpcc(config) ? loaded_warehouses(config) : 0;
  if (is_tpcc(config) && loaded <= 0) {
    throw UsageError("tpcc capacity: the database holds no load; run tpcc prepare");
  }
  CapacitySearchRecord record;
  record.loaded_warehouses = loaded;
  record.most = config.search_over_rate ? config.search_max
                : paced                 ? loaded
                : is_tpcc(config)       ? kTerminalsPerWarehouse * loaded
                                        : connection_room(config);
  if (config.search_max > 0) record.most = std::min(record.most, config.search_max);
  if (record.most < 1) {
    throw UsageError("tpcc capacity: the server takes no more connections (max_connections)");
  }
  ResultSink set(config, std::time(nullptr));
  if (!set.note().empty()) out << "note: " << set.note() << "\n";
  print_plan(out, config, loaded, record.most);
  BracketSearch search(config.search_start, record.most);
  try {
    while (const std::optional<int> value = search.next()) {
      CapacityStep step;
      step.step = static_cast<int>(record.steps.size()) + 1;
      step.dir = "step-" + std::to_string(step.step);
      const std::string dir = (std::filesystem::path(set.dir()) / step.dir).string();
      const Config one = step_config(config, *value, dir);
      out << "\n== step " << step.step << ": " << what_is_searched(config, *value) << " ==\n";
      const int status = run_once(one, out);
      const int active = paced ? *value : loaded;
      const std::string name = step.dir;
      step = judged_step(one, dir, active, status);
      step.step = static_cast<int>(record.steps.size()) + 1;
      step.dir = name;
      step.exit_status = status;
      record.steps.push_back(step);
      out << "step " << step.step << ": " << capacity_verdict_text(step.verdict) << "\n";
      if (step.verdict == CapacityVerdict::Stopped) {
        record.stopped =
            "step " + std::to_string(step.step) + " is no verdict on the load: " + step.why.front();
        record.exit_status = status != kExitOk ? status : kExitFailed;
        break;
      }
      search.record(*value, step.verdict == CapacityVerdict::Pass);
    }
  } catch (const std::exception& e) {
    // A step that could not run (the server gone before it connected, a
    // refusal): the steps so far are kept, and the error ends the search.
    record.stopped =
        "step " + std::to_string(record.steps.size() + 1) + " did not run: " + e.what();
    out << "\n";
    print_capacity_steps(out, record.steps, paced);
    out << "search stopped: " << record.stopped << "\n";
    record.exit_status = dynamic_cast<const UsageError*>(&e) != nullptr     ? kExitUsage
                         : dynamic_cast<const ConnectError*>(&e) != nullptr ? kExitConnect
                                                                            : kExitFailed;
    write_search(set, config, record, out);
    throw;
  }
  out << "\ncapacity search steps:\n";
  print_capacity_steps(out, record.steps, paced);
  record.answer = capacity_answer(record.steps, paced);
  record.answer_line = capacity_answer_line(record.answer, paced);
  if (!record.stopped.empty()) {
    out << "search stopped: " << record.stopped << "\n";
    if (record.answer) out << "so far " << record.answer_line << "\n";
    write_search(set, config, record, out);
    return record.exit_status;
  }
  out << record.answer_line << "\n";
  record.exit_status = record.answer ? kExitOk : kExitFailed;
  if (record.answer && config.confirm) {
    record.confirmation = confirm_answer(config, *record.answer, set.dir(), out);
    const CapacityConfirmation& c = *record.confirmation;
    out << "\nconfirmation (" << c.dir << "): " << c.rules_line << "\n"
        << record.answer_line
        << (c.exit_status == kExitOk ? " (confirmed)" : " (NOT confirmed by the full-length run)")
        << "\n";
    if (c.exit_status != kExitOk) record.exit_status = c.exit_status;
  }
  write_search(set, config, record, out);
  return record.exit_status;
}

}  // namespace tpcc
