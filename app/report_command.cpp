#include "app/report_command.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <system_error>

#include "app/sweep_command.hpp"
#include "config/errors.hpp"
#include "config/names.hpp"
#include "report/console/compare_table.hpp"
#include "report/console/repeat_table.hpp"
#include "report/console/summary.hpp"
#include "report/html/html_report.hpp"
#include "report/results/merge.hpp"
#include "report/results/result_read.hpp"
#include "report/results/sweep_json.hpp"
#include "report/views/compare.hpp"
#include "report/views/environment_compare.hpp"
#include "report/views/format.hpp"
#include "report/views/repeat_set.hpp"
#include "report/views/run_differences.hpp"
#include "report/workload_report.hpp"

namespace tpcc {
namespace {

namespace fs = std::filesystem;

bool ends_with(const std::string& text, const std::string& end) {
  return text.size() >= end.size() && text.compare(text.size() - end.size(), end.size(), end) == 0;
}

}  // namespace

std::string page_path(const std::string& out, const std::string& default_dir,
                      const std::string& file_name) {
  fs::path path = out.empty()               ? fs::path(default_dir) / file_name
                  : ends_with(out, ".html") ? fs::path(out)
                                            : fs::path(out) / file_name;
  std::error_code ec;
  if (path.has_parent_path()) fs::create_directories(path.parent_path(), ec);
  if (ec) {
    throw UsageError("--out " + out + ": cannot create " + path.parent_path().string() + ": " +
                     ec.message());
  }
  return path.string();
}

void write_page(const std::string& path, const std::string& text) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (file) file << text;
  if (file) file.flush();
  if (!file) throw UsageError("--out: cannot write " + path + ": " + std::strerror(errno));
}

namespace {

// First what differed before the runs measured anything: another snapshot,
// other conditioning, other server settings or another host.
void print_environment_differences(const std::vector<ResultDir>& runs, std::ostream& out) {
  std::vector<ComparedSetting> differing;
  for (ComparedSetting& c : compared_environment(runs)) {
    if (c.differs) differing.push_back(std::move(c));
  }
  if (differing.empty()) {
    out << "start and environment: no difference (snapshot, conditioning, server settings, "
           "client host, tpcc build)\n";
    return;
  }
  out << "start and environment, where the runs differ:\n";
  for (const ComparedSetting& c : differing) {
    out << "  " << c.key << ":";
    for (std::size_t i = 0; i < c.values.size(); ++i) {
      out << (i == 0 ? " " : " | ") << (c.values[i] ? *c.values[i] : "not recorded");
    }
    out << "\n";
  }
}

// A run of another workload: its headline figures, one a line.
void print_workload_figures(std::ostream& out, const ResultDir& run) {
  out << run.dir << ": " << run.workload.workload << "\n";
  for (const WorkloadFigure& f : run.workload.headline) {
    out << "  " << f.name << ": " << (f.value ? fixed(*f.value, f.decimals) : "-") << "\n";
  }
}

// Runs of different workloads have different figures: refused, naming the
// first run and the first that differs.
void require_one_workload(const std::vector<ResultDir>& runs) {
  for (const ResultDir& run : runs) {
    if (run.config.workload == runs.front().config.workload) continue;
    throw UsageError("--compare: " + runs.front().dir + " holds a run of " +
                     std::string(workload_name(runs.front().config)) + " and " + run.dir +
                     " a run of " + std::string(workload_name(run.config)) +
                     ": only runs of one workload are compared");
  }
}

// The runs' headings (label, else directory).
std::vector<std::string> run_headings(const std::vector<ResultDir>& runs) {
  std::vector<std::string> headings;
  for (const ResultDir& run : runs) headings.push_back(run_heading(run));
  return headings;
}

// Runs of sysbench's oltp tests, pgbench or ingest: their figures side by
// side with the ratio to the first run's.
int compare_workload_runs(const Config& config, const std::vector<ResultDir>& runs,
                          std::ostream& out) {
  const std::string path = page_path(config.out_dir, ".", "compare.html");
  write_page(path, html_workload_compare(runs));
  print_compare_table(out, run_headings(runs), run_differences(runs), compared_figures(runs));
  out << "comparison written to " << path << "\n";
  return kExitOk;
}

}  // namespace

int redraw_command(const Config& config, std::ostream& out) {
  if (is_sweep_result(config.report_dir)) return redraw_sweep(config, out);
  const RecordedRun r = read_result_dir(config.report_dir, "tpcc report", true);
  for (const std::string& note : r.notes) out << "tpcc report: " << note << "\n";
  const std::string path = page_path(config.out_dir, config.report_dir, kReportFile);
  if (!workload_report(r.config.workload).tpmc) {
    print_workload_figures(out, r);
  } else {
    print_summary(out, r.config, r.info, r.stats, r.verdict);
  }
  // The page the run wrote, drawn again the way the run drew it.
  write_page(path, html_run_report(r));
  out << "report written to " << path << "\n";
  return kExitOk;
}

// Two repeated sets (tpcc run --repeat): each figure's ratio with its
// confidence interval.
int compare_sets_command(const Config& config, std::ostream& out) {
  const std::string& dir_a = config.compare_dirs[0];
  const std::string& dir_b = config.compare_dirs[1];
  const std::vector<ResultDir> runs_a = read_result_set(dir_a, "--compare", false);
  const std::vector<ResultDir> runs_b = read_result_set(dir_b, "--compare", false);
  // Sets of different workloads have different figures.
  for (const ResultDir& run : runs_b) {
    if (run.config.workload == runs_a.front().config.workload) continue;
    throw UsageError("--compare: " + dir_a + " holds runs of " +
                     std::string(workload_name(runs_a.front().config)) + " and " + dir_b +
                     " runs of " + std::string(workload_name(run.config)) +
                     ": only sets of one workload are compared");
  }
  std::vector<ResultDir> both = runs_a;
  both.insert(both.end(), runs_b.begin(), runs_b.end());
  const std::vector<ComparedSetFigure> figures = compared_sets(runs_a, runs_b);
  out << "A: " << dir_a << "\nB: " << dir_b << "\n";
  print_environment_differences(both, out);
  print_set_comparison(out, figures);
  const std::string path = page_path(config.out_dir, ".", "compare.html");
  write_page(path, html_compare_sets(dir_a, runs_a, dir_b, runs_b, figures));
  out << "comparison written to " << path << "\n";
  return kExitOk;
}

int compare_command(const Config& config, std::ostream& out) {
  const bool sets = std::any_of(config.compare_dirs.begin(), config.compare_dirs.end(),
                                [](const std::string& dir) { return is_result_set(dir); });
  if (sets) {
    if (config.compare_dirs.size() != 2) {
      throw UsageError("--compare: repeated sets (tpcc run --repeat) are compared two at a time; " +
                       std::to_string(config.compare_dirs.size()) + " directories were given");
    }
    return compare_sets_command(config, out);
  }
  std::vector<ResultDir> runs;
  for (const std::string& dir : config.compare_dirs) {
    runs.push_back(read_result_dir(dir, "--compare", true));
  }
  require_one_workload(runs);
  if (!workload_report(runs.front().config.workload).tpmc) {
    return compare_workload_runs(config, runs, out);
  }
  const std::string path = page_path(config.out_dir, ".", "compare.html");
  write_page(path, html_compare(runs));
  print_compare_table(out, run_headings(runs), run_differences(runs), compared_figures(runs));
  out << "single runs: no confidence interval can be given; repeat each configuration "
         "(tpcc run --repeat N) to tell a difference from noise\n";
  out << "comparison written to " << path << "\n";
  return kExitOk;
}

int report_command(const Config& config, std::ostream& out) {
  if (!config.merge_dirs.empty()) return merge_command(config, out);
  if (!config.compare_dirs.empty()) return compare_command(config, out);
  return redraw_command(config, out);
}

}  // namespace tpcc
