#include <cerrno>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include "config/effective.hpp"
#include "config/local_time.hpp"
#include "config/names.hpp"
#include "config/result_dir.hpp"
#include "report/format.hpp"
#include "report/html_report.hpp"
#include "report/report.hpp"

namespace tpcc {
namespace {

namespace fs = std::filesystem;

void write_text(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (out) out << text;
  if (out) out.flush();
  if (!out) {
    throw std::runtime_error("cannot write " + path.string() + ": " + std::strerror(errno));
  }
}

std::string timestamp(std::time_t t) { return format_local_time(t, "%Y%m%d-%H%M%S"); }

// results/<YYYYmmdd-HHMMSS>/, with -2, -3, ... when a run started in the
// same second already used the name.
fs::path default_dir(std::time_t start) {
  const fs::path base = fs::path("results") / timestamp(start);
  fs::path dir = base;
  for (int n = 2; fs::exists(dir); ++n) dir = base.string() + "-" + std::to_string(n);
  return dir;
}

void create_dirs(const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw std::runtime_error("cannot create directory " + dir.string() + ": " + ec.message());
}

}  // namespace

namespace {

std::string optional_text(const std::optional<double>& value, int decimals) {
  return value ? fixed(*value, decimals) : std::string();
}

void append_standby_columns(std::string& csv, const IntervalSample* standby, const LagReading* lag) {
  if (standby != nullptr) {
    const RunStats& s = standby->stats;
    csv += "," + fixed(tpm_total(s, standby->length_seconds), 2) + "," +
           fixed(latency_all(s).percentile(90) / 1000.0, 3) + "," +
           std::to_string(errors_total(s)) + "," + std::to_string(retries_total(s));
  } else {
    csv += ",,,,";
  }
  const LagReading none;
  const LagReading& r = lag != nullptr ? *lag : none;
  csv += "," + optional_text(r.write_lag_ms, 3) + "," + optional_text(r.flush_lag_ms, 3) + "," +
         optional_text(r.replay_lag_ms, 3) + "," + optional_text(r.bytes_behind, 0) + "," +
         optional_text(r.replay_delay_ms, 3);
}

}  // namespace

std::string intervals_csv(const std::vector<IntervalSample>& intervals,
                          const std::vector<StandbyRun>& standbys) {
  std::string csv = "elapsed_s,warmup,tpmC,tpmTOTAL";
  for (int i = 0; i < kTxnTypes; ++i) {
    const std::string name(txn_name(i));
    csv += "," + name + "_count," + name + "_p90_ms";
  }
  csv += ",errors,retries";
  for (std::size_t k = 1; k <= standbys.size(); ++k) {
    const std::string prefix = "standby" + std::to_string(k) + "_";
    for (const char* column : {"tpmTOTAL", "p90_ms", "errors", "retries", "write_lag_ms",
                               "flush_lag_ms", "replay_lag_ms", "bytes_behind", "replay_delay_ms"}) {
      csv += "," + prefix + column;
    }
  }
  csv += "\n";
  for (std::size_t row = 0; row < intervals.size(); ++row) {
    const IntervalSample& sample = intervals[row];
    const RunStats& s = sample.stats;
    csv += fixed(sample.end_seconds, 1) + (sample.warmup ? ",1," : ",0,");
    csv += fixed(tpmc(s, sample.length_seconds), 2) + ",";
    csv += fixed(tpm_total(s, sample.length_seconds), 2);
    for (const auto& t : s.txn) {
      csv += "," + std::to_string(t.committed) + "," + fixed(t.latency.percentile(90) / 1000.0, 3);
    }
    csv += "," + std::to_string(errors_total(s)) + "," + std::to_string(retries_total(s));
    for (std::size_t k = 0; k < standbys.size(); ++k) {
      // Every standby's lines share the primary's boundaries (one clock).
      const auto& lines = standbys[k].intervals;
      append_standby_columns(csv, row < lines.size() ? &lines[row] : nullptr,
                             k < sample.lag.size() ? &sample.lag[k] : nullptr);
    }
    csv += "\n";
  }
  return csv;
}

std::string write_result_files(const Config& config, const RunInfo& info, const RunStats& stats,
                               const std::vector<IntervalSample>& intervals) {
  const std::time_t start = info.start_time != 0 ? info.start_time : std::time(nullptr);
  const fs::path dir =
      config.result_dir.empty() ? default_dir(start) : fs::path(expand_result_dir(config.result_dir, start));
  create_dirs(dir);

  const std::string result = result_json(config, info, stats) + "\n";
  write_text(dir / "result.json", result);
  write_text(dir / "intervals.csv", intervals_csv(intervals, info.standbys));
  write_text(dir / "config.json", effective_config_json(config) + "\n");
  write_text(dir / "report.html", html_report(config, info, stats, intervals));

  if (!config.json_file.empty()) {
    const fs::path extra(config.json_file);
    if (extra.has_parent_path()) create_dirs(extra.parent_path());
    write_text(extra, result);
  }
  return dir.string();
}

}  // namespace tpcc
