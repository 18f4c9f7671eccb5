// Where a run's results go, settled before the run connects, so that a run
// never measures for an hour and then finds it cannot write: the directory
// is resolved, created and written (config.json) first, --json's directory
// checked, intervals.csv grows a row as each interval ends, and the final
// files are written on every way the run can end.
#pragma once

#include <ctime>
#include <fstream>
#include <mutex>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "metrics/run.hpp"
#include "report/results/delivery_file.hpp"
#include "report/rules/run_verdict.hpp"

namespace tpcc {

// The directory a ResultSink made now would write into: --result-dir
// expanded with `start`, or results/<YYYYmmdd-HHMMSS>/, or the first free
// sibling of either; `note` (when not null) says why it is not the one
// asked for. Throws UsageError when it names a file.
std::string resolve_result_dir(const Config& config, std::time_t start, std::string* note);

class ResultSink {
 public:
  // Resolves --result-dir (BenchmarkSQL %t patterns expanded with start)
  // or results/<YYYYmmdd-HHMMSS>/. A directory that exists and is not empty
  // is never written into: the first free sibling DIR-2, DIR-3, ... is used
  // instead, and note() says so. Creates the directory, writes config.json
  // (password masked) and checks that --json can be written. Throws
  // UsageError naming the path and the flag when any of it fails.
  ResultSink(const Config& config, std::time_t start);

  const std::string& dir() const { return dir_; }
  // Why dir() is not the directory asked for; empty when it is.
  const std::string& note() const { return note_; }

  // intervals.csv as the run goes: the header, then one row per interval
  // (the primary's sample first, then each standby's), flushed at once.
  void begin_intervals(std::size_t standbys);
  void append_interval(const std::vector<IntervalSample>& samples);

  // delivery.csv (2.7.2.3) as deferred Deliveries end: the header, then one
  // row each; append_delivery may be called from several threads.
  void begin_deliveries();
  void append_delivery(const DeliveryRecord& record);

  // result.json (with the run's verdict, judged once where the run ended),
  // intervals.csv (whole, replacing the rows appended), config.json,
  // TPC-C's intervals_by_type.csv and histograms.json (a run of another
  // workload: its own intervals.csv), then report.html drawn from those
  // files as tpcc report DIR draws it, and the --json copy. Throws
  // std::runtime_error naming the file that could not be written.
  void write_final(const RunInfo& info, const RunStats& stats, const RunVerdict& verdict,
                   const std::vector<IntervalSample>& intervals);

  // One more file in the directory (summary.txt of a merged result); throws
  // std::runtime_error naming it when it cannot be written.
  void write_file(const std::string& name, const std::string& text) const;

  // The run measured nothing (it could not connect, or a check refused it):
  // result.json says why (not_started_json), beside config.json and
  // whatever else was begun; the --json copy too. Throws std::runtime_error
  // naming the file that could not be written.
  void write_not_started(const std::string& stop_reason, const std::string& detail, int exit_status,
                         const std::string& started_at);

  // The run did not start (a usage or connection error): removes the files
  // this sink wrote, and the directory if it created it and it is now empty.
  void discard();

 private:
  // TPC-C's files (per-type columns, intervals_by_type.csv,
  // histograms.json), or another workload's intervals.csv; report.html is
  // drawn from either as tpcc report DIR draws it.
  bool tpcc_run() const;

  const Config& config_;
  std::string dir_;
  std::string note_;
  bool created_ = false;
  std::ofstream intervals_;
  std::mutex deliveries_mutex_;
  std::ofstream deliveries_;
};

// Writes result.json, intervals.csv, config.json (password masked) and
// report.html into the directory ResultSink resolves from the start
// time, and the --json copy, with the run's verdict. Returns the
// directory used.
std::string write_result_files(const Config& config, const RunInfo& info, const RunStats& stats,
                               const RunVerdict& verdict,
                               const std::vector<IntervalSample>& intervals);

}  // namespace tpcc
