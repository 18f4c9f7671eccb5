// tpcc report --merge DIR... --out DIR: read, check, merge, report.
#include <ctime>
#include <sstream>

#include "app/report_command.hpp"
#include "config/errors.hpp"
#include "report/console/summary.hpp"
#include "report/result_sink.hpp"
#include "report/results/merge.hpp"
#include "report/rules/run_verdict.hpp"

namespace tpcc {

int merge_command(const Config& config, std::ostream& out) {
  std::vector<DriverResult> results = read_driver_results(config.merge_dirs);
  check_mergeable(results);
  const MergedRun merged = merge_results(results, config.out_dir);

  ResultSink sink(merged.config, std::time(nullptr));
  if (!sink.note().empty()) out << "note: " << sink.note() << "\n";
  std::ostringstream summary;
  summary << "merged " << results.size() << " drivers of run '"
          << results.front().info.driver->run_id << "':";
  for (const MergedPart& part : merged.info.merged_from) {
    summary << " " << part.dir << " (driver " << part.driver.index << ", warehouses "
            << part.driver.first_warehouse << ".." << part.driver.last_warehouse << ")";
  }
  summary << "\n\n";
  // The merged run is a new run: its verdict judged once, from the summed
  // counts, for its summary and its files.
  const RunVerdict verdict = judge_run(merged.config, merged.info, merged.stats);
  print_summary(summary, merged.config, merged.info, merged.stats, verdict);
  out << summary.str();
  for (const std::string& note : merged.notes) out << "note: " << note << "\n";
  sink.write_final(merged.info, merged.stats, verdict, merged.intervals);
  sink.write_file("summary.txt", summary.str());
  out << "merged result written to " << sink.dir() << "\n";
  return kExitOk;
}

}  // namespace tpcc
