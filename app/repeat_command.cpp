#include "app/repeat_command.hpp"

#include <ctime>
#include <filesystem>

#include "app/run_once.hpp"
#include "app/workload_registry.hpp"
#include "config/errors.hpp"
#include "report/console/repeat_table.hpp"
#include "report/html/html_report.hpp"
#include "report/result_sink.hpp"
#include "report/results/repeat_set_json.hpp"
#include "report/results/result_read.hpp"

namespace tpcc {
namespace {

// The set's files from the runs that ended: result.json and report.html.
void write_set_summary(ResultSink& set, const std::vector<RepeatSetRun>& done, int status,
                       std::ostream& out) {
  RepeatSetPage page;
  for (const RepeatSetRun& run : done) {
    page.runs.push_back(read_result_dir(set.dir() + "/" + run.dir, "--repeat", false));
    page.exit_statuses.push_back(run.exit_status);
  }
  page.figures = repeated_figures(page.runs);
  out << "\n" << done.size() << " repeated run" << (done.size() == 1 ? "" : "s") << ":\n";
  print_repeat_set(out, page.figures);
  set.write_file("result.json", repeat_set_json(done, page.figures, status) + "\n");
  set.write_file(kReportFile, html_repeat_set(page));
  out << "set results written to " << set.dir() << "\n";
}

}  // namespace

int run_repeated(const Config& config, std::ostream& out) {
  if (config.driver_count > 0) {
    throw UsageError(
        "--repeat: several drivers (--driver) cannot repeat a run each on their own; "
        "run the drivers once per repetition");
  }
  const WorkloadEntry& workload = workload_entry(config.workload);
  if (workload.check_between_runs) workload.check_between_runs(config);
  ResultSink set(config, std::time(nullptr));
  if (!set.note().empty()) out << "note: " << set.note() << "\n";
  std::vector<RepeatSetRun> done;
  int status = kExitOk;
  for (int k = 1; k <= config.repeat; ++k) {
    Config one = config;
    one.repeat = 1;
    one.json_file.clear();
    const std::string name = "run-" + std::to_string(k);
    one.result_dir = (std::filesystem::path(set.dir()) / name).string();
    out << (k > 1 ? "\n" : "") << "== run " << k << " of " << config.repeat << " ==\n";
    int run_status = kExitOk;
    try {
      if (k > 1 && workload.between_runs) workload.between_runs(one, out);
      run_status = run_once(one, out);
    } catch (...) {
      if (done.empty()) {
        set.discard();
      } else {
        write_set_summary(set, done, status, out);
      }
      throw;
    }
    done.push_back({name, run_status});
    if (status == kExitOk) status = run_status;
    if (run_status == kExitInterrupted) break;
  }
  write_set_summary(set, done, status, out);
  return status;
}

}  // namespace tpcc
