#include "report/result_sink.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <system_error>

#include "config/effective.hpp"
#include "config/errors.hpp"
#include "config/local_time.hpp"
#include "report/html/html_report.hpp"
#include "report/results/histograms_file.hpp"
#include "report/results/interval_points.hpp"
#include "report/results/result_dir.hpp"
#include "report/results/result_files.hpp"
#include "report/results/result_json.hpp"
#include "report/results/result_read.hpp"
#include "report/workload_report.hpp"
#include "workloads/sysbench/report/sysbench_intervals.hpp"

namespace tpcc {
namespace {

namespace fs = std::filesystem;

constexpr const char* kConfigFile = "config.json";
constexpr const char* kIntervalsFile = "intervals.csv";
constexpr const char* kDeliveryFile = "delivery.csv";

void write_text(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (out) out << text;
  if (out) out.flush();
  if (!out) {
    throw std::runtime_error("cannot write " + path.string() + ": " + std::strerror(errno));
  }
}

bool is_empty_directory(const fs::path& dir) {
  std::error_code ec;
  return fs::is_directory(dir, ec) && fs::is_empty(dir, ec) && !ec;
}

// The directory asked for, or its first sibling that is free (absent or an
// empty directory): DIR-2, DIR-3, ...
fs::path free_directory(const fs::path& wanted) {
  std::error_code ec;
  fs::path dir = wanted;
  for (int n = 2; fs::exists(dir, ec) && !is_empty_directory(dir); ++n) {
    dir = wanted.string() + "-" + std::to_string(n);
  }
  return dir;
}

std::string flag_of(const Config& config) {
  if (config.verb == Verb::Report) return "--out";  // tpcc report --merge
  return config.result_dir.empty() ? "the default result directory (--result-dir)" : "--result-dir";
}

// --json FILE: its directory is created and the file can be opened for
// writing; a file that did not exist before is not left behind.
void check_json_file(const std::string& file) {
  const fs::path path(file);
  std::error_code ec;
  if (path.has_parent_path()) {
    fs::create_directories(path.parent_path(), ec);
    if (ec) {
      throw UsageError("--json " + file + ": cannot create directory " +
                       path.parent_path().string() + ": " + ec.message());
    }
  }
  const bool existed = fs::exists(path, ec);
  std::ofstream probe(path, std::ios::binary | std::ios::app);
  if (!probe) throw UsageError("--json " + file + ": cannot write: " + std::strerror(errno));
  probe.close();
  if (!existed) fs::remove(path, ec);
}

}  // namespace

std::string resolve_result_dir(const Config& config, std::time_t start, std::string* note) {
  const fs::path wanted = config.result_dir.empty()
                              ? fs::path("results") / format_local_time(start, "%Y%m%d-%H%M%S")
                              : fs::path(expand_result_dir(config.result_dir, start));
  std::error_code ec;
  if (fs::exists(wanted, ec) && !fs::is_directory(wanted, ec)) {
    throw UsageError(flag_of(config) + " " + wanted.string() + ": exists and is not a directory");
  }
  const fs::path dir = free_directory(wanted);
  // The default name carries the time: a sibling there is routine, not news.
  if (note != nullptr && dir != wanted && !config.result_dir.empty()) {
    *note = wanted.string() + " exists and is not empty; writing the results to " + dir.string() +
            " instead";
  }
  return dir.string();
}

ResultSink::ResultSink(const Config& config, std::time_t start) : config_(config) {
  dir_ = resolve_result_dir(config, start, &note_);
  const fs::path dir(dir_);
  std::error_code ec;
  created_ = !fs::exists(dir, ec);
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir)) {
    throw UsageError(flag_of(config) + " " + dir_ + ": cannot create the directory: " +
                     (ec ? ec.message() : std::string("a file of that name exists")));
  }
  try {
    write_text(dir / kConfigFile, effective_config_json(config) + "\n");
  } catch (const std::runtime_error& e) {
    discard();
    throw UsageError(flag_of(config) + " " + dir_ + ": " + e.what());
  }
  if (!config.json_file.empty()) {
    try {
      check_json_file(config.json_file);
    } catch (const UsageError&) {
      discard();
      throw;
    }
  }
}

bool ResultSink::tpcc_run() const { return workload_report(config_.workload).tpmc; }

void ResultSink::begin_intervals(std::size_t standbys) {
  intervals_.open(fs::path(dir_) / kIntervalsFile, std::ios::binary | std::ios::trunc);
  intervals_ << (tpcc_run() ? intervals_csv_header(standbys, config_.server_metrics)
                            : sysbench_intervals_csv_header(config_.sysbench_percentile, standbys,
                                                            config_.server_metrics))
             << std::flush;
}

void ResultSink::append_interval(const std::vector<IntervalSample>& samples) {
  if (!intervals_.is_open() || samples.empty()) return;
  std::vector<const IntervalSample*> standbys;
  for (std::size_t k = 1; k < samples.size(); ++k) standbys.push_back(&samples[k]);
  intervals_ << (tpcc_run() ? intervals_csv_row(samples.front(), standbys, config_.server_metrics)
                            : sysbench_intervals_csv_row(
                                  samples.front(), standbys, config_.terminals,
                                  config_.sysbench_percentile, config_.server_metrics))
             << std::flush;
}

void ResultSink::begin_deliveries() {
  std::lock_guard<std::mutex> lock(deliveries_mutex_);
  deliveries_.open(fs::path(dir_) / kDeliveryFile, std::ios::binary | std::ios::trunc);
  deliveries_ << delivery_csv_header() << std::flush;
}

void ResultSink::append_delivery(const DeliveryRecord& record) {
  const std::string row = delivery_csv_row(record);
  std::lock_guard<std::mutex> lock(deliveries_mutex_);
  if (deliveries_.is_open()) deliveries_ << row << std::flush;
}

void ResultSink::write_final(const RunInfo& info, const RunStats& stats, const RunVerdict& verdict,
                             const std::vector<IntervalSample>& intervals) {
  if (intervals_.is_open()) intervals_.close();
  {
    std::lock_guard<std::mutex> lock(deliveries_mutex_);
    if (deliveries_.is_open()) deliveries_.close();
  }
  const fs::path dir(dir_);
  const std::string result = result_json(config_, info, stats, verdict) + "\n";
  write_text(dir / "result.json", result);
  write_text(dir / kConfigFile, effective_config_json(config_) + "\n");
  if (!tpcc_run()) {
    write_text(dir / kIntervalsFile,
               sysbench_intervals_csv(intervals, info.standbys, config_.terminals,
                                      config_.sysbench_percentile, config_.server_metrics));
  } else {
    write_text(dir / kIntervalsFile,
               intervals_csv(intervals, info.standbys, info.server_metrics.enabled,
                             tpcc_type_names(), info.side_intervals));
    write_text(dir / kIntervalsByTypeFile, intervals_by_type_csv(interval_points(intervals)));
    std::vector<RunStats> standby_stats;
    for (const StandbyRun& standby : info.standbys) standby_stats.push_back(standby.stats);
    // The interval lines' histograms (about 9 kB a line) only where tpcc
    // report --merge can use them: in the result of one driver of several.
    const bool one_of_drivers = config_.driver_count > 0;
    write_text(dir / kHistogramsFile,
               histograms_json(stats, standby_stats,
                               one_of_drivers ? intervals : std::vector<IntervalSample>{}));
  }
  // Drawn from the files just written, as tpcc report DIR draws it again:
  // one code path, so the run's page and a later redraw are the same page.
  write_text(dir / kReportFile, html_run_report(read_result_dir(dir_, "report.html", true)));
  if (!config_.json_file.empty()) write_text(config_.json_file, result);
}

void ResultSink::write_not_started(const std::string& stop_reason, const std::string& detail,
                                   int exit_status, const std::string& started_at) {
  if (intervals_.is_open()) intervals_.close();
  {
    std::lock_guard<std::mutex> lock(deliveries_mutex_);
    if (deliveries_.is_open()) deliveries_.close();
  }
  const std::string result = not_started_json(stop_reason, detail, exit_status, started_at) + "\n";
  write_text(fs::path(dir_) / "result.json", result);
  if (!config_.json_file.empty()) write_text(config_.json_file, result);
}

void ResultSink::write_file(const std::string& name, const std::string& text) const {
  write_text(fs::path(dir_) / name, text);
}

void ResultSink::discard() {
  if (intervals_.is_open()) intervals_.close();
  std::error_code ec;
  const fs::path dir(dir_);
  if (deliveries_.is_open()) deliveries_.close();
  for (const char* own : {kConfigFile, kIntervalsFile, kDeliveryFile}) fs::remove(dir / own, ec);
  if (created_) fs::remove(dir, ec);  // only if empty
}

std::string write_result_files(const Config& config, const RunInfo& info, const RunStats& stats,
                               const RunVerdict& verdict,
                               const std::vector<IntervalSample>& intervals) {
  const std::time_t start = info.start_time != 0 ? info.start_time : std::time(nullptr);
  ResultSink sink(config, start);
  sink.write_final(info, stats, verdict, intervals);
  return sink.dir();
}

}  // namespace tpcc
