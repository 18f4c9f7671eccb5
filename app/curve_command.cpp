#include "app/curve_command.hpp"

#include <ctime>
#include <exception>
#include <filesystem>

#include "app/run_once.hpp"
#include "app/workload_registry.hpp"
#include "config/errors.hpp"
#include "config/names.hpp"
#include "config/settings/values.hpp"
#include "report/console/curve_table.hpp"
#include "report/html/curve_page.hpp"
#include "report/result_sink.hpp"
#include "report/results/curve_files.hpp"
#include "report/results/schedule_json.hpp"
#include "report/views/format.hpp"
#include "report/workload_report.hpp"

namespace tpcc {
namespace {

// --rate is per minute; an oltp test's, as sysbench's, per second. The
// curve counts in the unit the workload's --rate is given in.
double unit_seconds(const Config& config) {
  return workload_report(config.workload).rate_per_second ? 1 : 60;
}

std::string unit(const Config& config) {
  return workload_report(config.workload).rate_per_second ? "/s" : "/min";
}

// A run whose status says the next would fare no better: refused, the
// server lost, interrupted.
bool ends_ladder(int status) {
  return status == kExitUsage || status == kExitConnect || status == kExitInterrupted;
}

int status_of(const std::exception& e) {
  if (dynamic_cast<const UsageError*>(&e) != nullptr) return kExitUsage;
  if (dynamic_cast<const ConnectError*>(&e) != nullptr) return kExitConnect;
  if (dynamic_cast<const Interrupted*>(&e) != nullptr) return kExitInterrupted;
  return kExitFailed;
}

// The point from the run's result.json; a run that ended unclean is
// named as failed, with why.
void read_point(const Config& config, const std::string& dir, CurvePoint& p) {
  const ScheduleFigures f = read_schedule(dir, "tpcc curve: " + p.dir);
  p.measured_seconds = f.measured_seconds;
  p.achieved = f.measured_seconds > 0
                   ? static_cast<double>(f.completed) * unit_seconds(config) / f.measured_seconds
                   : 0;
  p.p50_ms = f.p50_ms;
  p.p99_ms = f.p99_ms;
  p.p999_ms = f.p999_ms;
  p.errors = f.errors;
  if (f.latency_limit_ms) {
    p.late_share = f.completed > 0 ? static_cast<double>(f.late) / f.completed : 0;
    const std::int64_t due = f.completed + f.skipped;
    p.skipped_share = due > 0 ? static_cast<double>(f.skipped) / due : 0;
  }
  if (p.exit_status != kExitOk) {
    p.failed = "the run exited " + std::to_string(p.exit_status) +
               (f.stopped.empty() ? " (its summary says why)" : ": " + f.stopped);
  } else if (f.completed == 0) {
    p.failed = "nothing completed";
  }
}

// One run of the curve into DIR/name: unpaced (the peak) or at `rate` in
// the workload's unit.
CurvePoint run_point(const Config& config, const std::string& set_dir, const std::string& name,
                     std::optional<double> rate, bool first, std::ostream& out) {
  CurvePoint p;
  p.dir = name;
  p.offered = rate;
  Config one = config;
  one.curve = false;
  one.json_file.clear();
  one.result_dir = (std::filesystem::path(set_dir) / name).string();
  one.rate_tpm = rate ? *rate * 60 / unit_seconds(config) : 0;
  out << "\n== " << name << ": "
      << (rate ? "offered " + fixed(*rate, 1) + unit(config) : std::string("unpaced, the peak"))
      << " ==\n";
  try {
    const WorkloadEntry& workload = workload_entry(config.workload);
    if (!first && workload.between_runs) workload.between_runs(one, out);
    p.exit_status = run_once(one, out);
  } catch (const std::exception& e) {
    p.exit_status = status_of(e);
    p.failed = std::string("did not run: ") + e.what();
    return p;
  }
  try {
    read_point(config, one.result_dir, p);
  } catch (const UsageError& e) {
    p.failed = e.what();
  }
  return p;
}

void note_status(CurveRecord& record, const CurvePoint& p) {
  if (record.exit_status == kExitOk && p.exit_status != kExitOk) {
    record.exit_status = p.exit_status;
  }
  if (record.exit_status == kExitOk && !p.failed.empty()) record.exit_status = kExitFailed;
}

void print_plan(std::ostream& out, const Config& config) {
  const auto bound = [](const CurveBound& b) {
    return format_number(b.value) + (b.percent ? "% of the peak" : "");
  };
  out << "tpcc curve: " << workload_name(config) << ", " << config.terminals
      << " terminals; the unpaced peak, then " << config.curve_steps
      << (config.curve_steps == 1 ? " offered rate" : " offered rates") << " from "
      << bound(config.curve_from) << " to " << bound(config.curve_to) << " (" << unit(config)
      << ")\n  each run: " << config.warmup_seconds << " s warm-up, " << config.duration_seconds
      << " s measured" << (config.restore ? ", restored first (--restore)" : "") << "\n";
}

void write_curve(const ResultSink& set, const CurveRecord& record, std::ostream& out) {
  set.write_file(kCurveCsvFile, curve_csv(record));
  set.write_file(kCurveJsonFile, curve_json(record));
  set.write_file(kCurvePageFile, html_curve(record));
  out << "curve written to " << set.dir() << " (" << kCurveCsvFile << ", " << kCurveJsonFile << ", "
      << kCurvePageFile << ")\n";
}

}  // namespace

int run_curve(const Config& config, std::ostream& out) {
  const WorkloadEntry& workload = workload_entry(config.workload);
  if (workload.check_between_runs) workload.check_between_runs(config);
  ResultSink set(config, std::time(nullptr));
  if (!set.note().empty()) out << "note: " << set.note() << "\n";
  print_plan(out, config);
  CurveRecord record;
  record.workload = std::string(workload_name(config));
  record.unit = unit(config);
  record.terminals = config.terminals;
  record.peak = run_point(config, set.dir(), "peak", std::nullopt, true, out);
  note_status(record, record.peak);
  if (!record.peak.failed.empty()) {
    record.stopped = "the peak's run failed (" + record.peak.failed + "); no ladder without it";
  } else if (record.peak.achieved <= 0) {
    record.stopped = "the peak's run completed nothing; no ladder without it";
  } else {
    const std::vector<double> rates = curve_offered_rates(config.curve_from, config.curve_to,
                                                          config.curve_steps, record.peak.achieved);
    for (std::size_t k = 0; k < rates.size(); ++k) {
      if (rates[k] <= 0) {
        record.stopped = "step " + std::to_string(k + 1) + "'s rate rounds to 0" + record.unit;
        break;
      }
      const std::string name = "step-" + std::to_string(k + 1);
      record.ladder.push_back(run_point(config, set.dir(), name, rates[k], false, out));
      const CurvePoint& p = record.ladder.back();
      note_status(record, p);
      if (ends_ladder(p.exit_status)) {
        record.stopped = "step " + std::to_string(k + 1) + " " + p.failed;
        break;
      }
    }
  }
  const std::optional<double> limit =
      config.curve_latency_limit ? std::optional<double>(config.latency_limit_ms) : std::nullopt;
  record.knee = curve_knee(record.ladder, config.arrivals, unit_seconds(config), record.unit);
  record.max_rate = curve_max_rate(record.ladder, limit, record.unit);
  if (!record.stopped.empty() && record.exit_status == kExitOk) record.exit_status = kExitFailed;
  out << "\ncurve:\n";
  print_curve(out, record);
  write_curve(set, record, out);
  return record.exit_status;
}

}  // namespace tpcc
