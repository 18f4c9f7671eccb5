#include "report/results/merge.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>

#include "config/errors.hpp"
#include "config/names.hpp"
#include "config/settings/values.hpp"

namespace tpcc {
namespace {

// A run setting that must be the same in every driver's result, as text.
struct SameSetting {
  const char* name;
  std::function<std::string(const DriverResult&)> value;
};

std::string mix_text(const std::array<double, kTxnTypes>& mix) {
  std::string text;
  for (const double weight : mix) text += (text.empty() ? "" : ",") + format_number(weight);
  return text;
}

const std::vector<SameSetting>& same_settings() {
  static const std::vector<SameSetting> list = {
      {"run id", [](const DriverResult& r) { return r.info.driver->run_id; }},
      {"driver count", [](const DriverResult& r) { return std::to_string(r.info.driver->count); }},
      {"warehouse count", [](const DriverResult& r) { return std::to_string(r.info.warehouses); }},
      {"mix (NO,P,OS,D,SL)", [](const DriverResult& r) { return mix_text(r.config.mix); }},
      {"mode", [](const DriverResult& r) { return std::string(mode_name(r.config.mode)); }},
      {"profile",
       [](const DriverResult& r) { return std::string(profile_name(r.config.profile)); }},
      {"isolation",
       [](const DriverResult& r) { return std::string(isolation_name(r.config.isolation)); }},
      {"delivery",
       [](const DriverResult& r) {
         return std::string(delivery_mode_name(r.config.delivery_mode));
       }},
      {"keying and think times",
       [](const DriverResult& r) {
         const Config& c = r.config;
         return c.keying_and_thinking ? "x " + format_number(c.think_multiplier) + " (keying x " +
                                            format_number(c.keying_multiplier) + ")"
                                      : std::string("none");
       }},
  };
  return list;
}

[[noreturn]] void refuse(const std::string& what) {
  throw UsageError("tpcc report --merge: " + what + "; nothing was written");
}

void check_each_is_a_driver(const std::vector<DriverResult>& results) {
  for (const DriverResult& r : results) {
    if (!r.info.driver) {
      refuse(r.dir +
             " is not the result of a driver (tpcc run --driver I/N): there is nothing "
             "to merge it with");
    }
  }
}

void check_same_settings(const std::vector<DriverResult>& results) {
  const DriverResult& first = results.front();
  for (const SameSetting& setting : same_settings()) {
    for (const DriverResult& r : results) {
      const std::string mine = setting.value(first);
      const std::string theirs = setting.value(r);
      if (mine != theirs) {
        refuse("different " + std::string(setting.name) + ": " + first.dir + " has " + mine + ", " +
               r.dir + " has " + theirs);
      }
    }
  }
}

// Every driver of the run once: none missing, none twice.
void check_drivers_complete(const std::vector<DriverResult>& results) {
  const int count = results.front().info.driver->count;
  std::vector<const DriverResult*> by_index(static_cast<std::size_t>(count) + 1, nullptr);
  for (const DriverResult& r : results) {
    const int index = r.info.driver->index;
    if (index < 1 || index > count) {
      refuse(r.dir + " is driver " + std::to_string(index) + " of " + std::to_string(count) +
             ", not a driver number of the run");
    }
    const DriverResult*& seen = by_index[static_cast<std::size_t>(r.info.driver->index)];
    if (seen != nullptr) {
      refuse("driver " + std::to_string(r.info.driver->index) + " of " + std::to_string(count) +
             " given twice: " + seen->dir + " and " + r.dir);
    }
    seen = &r;
  }
  std::string missing;
  for (int i = 1; i <= count; ++i) {
    if (by_index[static_cast<std::size_t>(i)] == nullptr) {
      missing += (missing.empty() ? "" : ", ") + std::to_string(i);
    }
  }
  if (!missing.empty()) {
    refuse("driver(s) " + missing + " of " + std::to_string(count) +
           " missing: a merged result needs every driver of the run");
  }
}

void check_warehouses_disjoint(const std::vector<DriverResult>& results) {
  for (std::size_t a = 0; a < results.size(); ++a) {
    for (std::size_t b = a + 1; b < results.size(); ++b) {
      const DriverRun& x = *results[a].info.driver;
      const DriverRun& y = *results[b].info.driver;
      if (x.first_warehouse <= y.last_warehouse && y.first_warehouse <= x.last_warehouse) {
        refuse("overlapping warehouses: " + results[a].dir + " drove " +
               std::to_string(x.first_warehouse) + ".." + std::to_string(x.last_warehouse) + ", " +
               results[b].dir + " " + std::to_string(y.first_warehouse) + ".." +
               std::to_string(y.last_warehouse));
      }
    }
  }
}

std::string interval_text(const DriverResult& r) {
  return format_number(static_cast<double>(r.info.measured_start_ms) / 1000.0) + " .. " +
         format_number(static_cast<double>(r.info.measured_end_ms) / 1000.0) + " s (epoch)";
}

std::string driver_text(const DriverResult& r) {
  return "driver " + std::to_string(r.info.driver->index) + " (" + r.dir + ")";
}

// 2.1.6: one C-Run for every terminal of the run, so for every driver.
void check_same_c_run(const std::vector<DriverResult>& results) {
  for (const DriverResult& r : results) {
    if (!r.info.c_run) {
      refuse(driver_text(r) +
             " records no C-Run (written by a tpcc whose drivers each drew their own, which "
             "2.1.6 does not allow)");
    }
  }
  const DriverResult& first = results.front();
  for (const DriverResult& r : results) {
    const std::string mine = nurand_constants_text(*first.info.c_run);
    const std::string theirs = nurand_constants_text(*r.info.c_run);
    if (mine != theirs) {
      refuse("different C-Run (2.1.6: one C per field for every terminal of a run): " +
             driver_text(first) + " used " + mine + ", " + driver_text(r) + " " + theirs);
    }
  }
}

// The measured intervals share a stretch of wall-clock time, and are of one
// length: the sum of per-driver rates is then the rate of the whole run.
void check_intervals(const std::vector<DriverResult>& results) {
  for (const DriverResult& r : results) {
    if (r.info.measured_start_ms == 0) refuse(r.dir + " records no measured interval");
  }
  for (std::size_t a = 0; a < results.size(); ++a) {
    for (std::size_t b = a + 1; b < results.size(); ++b) {
      const RunInfo& x = results[a].info;
      const RunInfo& y = results[b].info;
      if (x.measured_start_ms >= y.measured_end_ms || y.measured_start_ms >= x.measured_end_ms) {
        refuse("measured intervals do not overlap: " + results[a].dir + " " +
               interval_text(results[a]) + ", " + results[b].dir + " " + interval_text(results[b]));
      }
      const double longer = std::max(x.measured_seconds, y.measured_seconds);
      if (longer - std::min(x.measured_seconds, y.measured_seconds) >
          kMaxLengthDifference * longer) {
        refuse("measured lengths differ by more than 1% (a driver stopped early?): " +
               results[a].dir + " " + format_seconds(x.measured_seconds) + " s, " + results[b].dir +
               " " + format_seconds(y.measured_seconds) + " s");
      }
    }
  }
}

// The health of the whole run: the worst stop, downtime and failures added.
RunHealth merged_health(const std::vector<DriverResult>& results) {
  RunHealth health;
  for (const DriverResult& r : results) {
    const RunHealth& h = r.info.health;
    if (health.stop == StopReason::Completed && h.stop != StopReason::Completed) {
      health.stop = h.stop;
      health.stop_detail = r.dir + ": " + h.stop_detail;
    }
    health.downtime_seconds += h.downtime_seconds;
    health.reconnect_failures += h.reconnect_failures;
  }
  return health;
}

// 5.5.2.2: the drivers read one server's counters; those around the common
// interval are the start reading of the driver that began measuring last and
// the end reading of the one that ended first.
CheckpointFigures merged_checkpoints(const std::vector<DriverResult>& results) {
  const DriverResult* last_start = &results.front();
  const DriverResult* first_end = &results.front();
  std::string problem;
  for (const DriverResult& r : results) {
    if (r.info.measured_start_ms > last_start->info.measured_start_ms) last_start = &r;
    if (r.info.measured_end_ms < first_end->info.measured_end_ms) first_end = &r;
    if (problem.empty() && !r.info.checkpoints.problem.empty()) {
      problem = r.dir + ": " + r.info.checkpoints.problem;
    }
  }
  return CheckpointFigures{last_start->info.checkpoints.at_start,
                           first_end->info.checkpoints.at_end, problem};
}

}  // namespace

void check_mergeable(const std::vector<DriverResult>& results) {
  if (results.size() < 2) refuse("give the result directories of two drivers or more");
  check_each_is_a_driver(results);
  check_same_settings(results);
  check_drivers_complete(results);
  check_same_c_run(results);
  check_warehouses_disjoint(results);
  check_intervals(results);
}

MergedRun merge_results(const std::vector<DriverResult>& results, const std::string& out_dir) {
  MergedRun merged;
  const DriverResult& first = results.front();
  merged.stats = RunStats(first.stats.types());
  merged.config = first.config;
  Config& config = merged.config;
  config.verb = Verb::Report;
  config.result_dir = out_dir;
  config.json_file.clear();
  config.driver_index = 0;
  config.driver_count = 0;
  config.terminals = 0;
  config.connections = 0;
  config.delivery_workers = 0;
  config.standbys.clear();
  config.warehouse_from = first.info.driver->first_warehouse;
  config.warehouse_to = first.info.driver->last_warehouse;

  RunInfo& info = merged.info;
  info.warehouses = first.info.warehouses;
  info.c_run = first.info.c_run;  // every driver's (check_same_c_run)
  info.warmup_seconds = first.info.warmup_seconds;
  info.started_at = first.info.started_at;
  info.measured_start_ms = first.info.measured_start_ms;
  info.measured_end_ms = first.info.measured_end_ms;
  double total_seconds = 0;
  for (const DriverResult& r : results) {
    const DriverRun& d = *r.info.driver;
    config.terminals += r.config.terminals;
    config.connections += r.config.connections;
    config.delivery_workers += r.config.delivery_workers;
    config.warehouse_from = std::min(config.warehouse_from, d.first_warehouse);
    config.warehouse_to = std::max(config.warehouse_to, d.last_warehouse);
    merged.stats.merge(r.stats);
    info.terminals += r.info.terminals;
    total_seconds += r.info.measured_seconds;
    info.started_at = std::min(info.started_at, r.info.started_at);
    // The common interval: when every driver was measuring.
    info.measured_start_ms = std::max(info.measured_start_ms, r.info.measured_start_ms);
    info.measured_end_ms = std::min(info.measured_end_ms, r.info.measured_end_ms);
    info.interrupted = info.interrupted || r.info.interrupted;
    info.transactions_all_phases += r.info.transactions_all_phases;
    info.exit_status = std::max(info.exit_status, r.info.exit_status);
    info.merged_from.push_back(
        MergedPart{r.dir, d, r.info.terminals, tpmc(r.stats, r.info.measured_seconds),
                   tpm_total(r.stats, r.info.measured_seconds), r.info.measured_seconds,
                   r.info.measured_start_ms, r.info.measured_end_ms});
  }
  // Lengths equal within 1% (check_intervals): their mean makes the merged
  // count per minute the sum of the drivers' (exactly, when equal).
  info.measured_seconds = total_seconds / static_cast<double>(results.size());
  info.health = merged_health(results);
  info.checkpoints = merged_checkpoints(results);
  std::string why;
  merged.intervals = merged_intervals(results, &why);
  info.measured_lines = measured_throughput(merged.intervals);
  if (!why.empty()) merged.notes.push_back("no figures over time in the merged result: " + why);
  return merged;
}

std::vector<IntervalSample> merged_intervals(const std::vector<DriverResult>& results,
                                             std::string* why) {
  const std::vector<IntervalSample>& first = results.front().intervals;
  for (const DriverResult& r : results) {
    const int index = r.info.driver ? r.info.driver->index : 0;
    const std::string driver = r.dir + " (driver " + std::to_string(index) + ")";
    if (r.intervals.empty()) {
      *why = driver +
             " has no interval figures in its histograms.json (written by a tpcc that did not "
             "keep them)";
      return {};
    }
    if (r.intervals.size() != first.size()) {
      *why = driver + " has " + std::to_string(r.intervals.size()) + " interval lines, " +
             results.front().dir + " " + std::to_string(first.size());
      return {};
    }
    for (std::size_t i = 0; i < first.size(); ++i) {
      const IntervalSample& line = r.intervals[i];
      if (line.warmup != first[i].warmup ||
          std::fabs(line.end_seconds - first[i].end_seconds) > kMaxIntervalEndDifference) {
        *why = "interval line " + std::to_string(i + 1) + " of " + driver + " ends at " +
               std::to_string(line.end_seconds) + " s, that of " + results.front().dir + " at " +
               std::to_string(first[i].end_seconds) + " s";
        return {};
      }
    }
  }
  std::vector<IntervalSample> merged;
  for (std::size_t i = 0; i < first.size(); ++i) {
    IntervalSample line;
    line.end_seconds = first[i].end_seconds;
    line.length_seconds = first[i].length_seconds;
    line.warmup = first[i].warmup;
    line.stats = RunStats(first[i].stats.types());
    for (const DriverResult& r : results) line.stats.merge(r.intervals[i].stats);
    merged.push_back(std::move(line));
  }
  return merged;
}

}  // namespace tpcc
