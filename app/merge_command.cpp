// tpcc report --merge DIR... --out DIR: read, check, merge, report.
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "app/report_command.hpp"
#include "config/errors.hpp"
#include "report/console/summary.hpp"
#include "report/result_sink.hpp"
#include "report/results/merge.hpp"
#include "report/rules/run_verdict.hpp"
#include "workloads/ch/metrics/ch_merge.hpp"
#include "workloads/ch/report/ch_json.hpp"
#include "workloads/ch/report/ch_summary.hpp"

namespace tpcc {
namespace {

// Each driver's analytic streams (result.json's "ch"; none without).
std::vector<ChDriverBlock> ch_blocks(const std::vector<DriverResult>& results) {
  std::vector<ChDriverBlock> blocks;
  for (const DriverResult& r : results) {
    ChDriverBlock block{r.info.driver->index, r.dir, std::nullopt};
    std::ifstream in(std::filesystem::path(r.dir) / "result.json");
    const nlohmann::json result = nlohmann::json::parse(in);
    if (result.contains("ch") && !result.at("ch").is_null()) {
      block.ch = ch_figures_from_json(result.at("ch"));
    }
    blocks.push_back(block);
  }
  return blocks;
}

std::string drivers_text(const std::vector<int>& drivers) {
  std::string text;
  for (const int d : drivers) text += (text.empty() ? "" : ", ") + std::to_string(d);
  return text;
}

}  // namespace

int merge_command(const Config& config, std::ostream& out) {
  std::vector<DriverResult> results = read_driver_results(config.merge_dirs);
  check_mergeable(results);
  MergedRun merged = merge_results(results, config.out_dir);
  merged.info.ch = merge_ch_figures(ch_blocks(results));

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
  if (merged.info.ch) {
    summary << "\n"
            << ch_final_block(*merged.info.ch) << "    merged: the streams of driver(s) "
            << drivers_text(merged.info.ch->merged_drivers) << " of " << results.size()
            << "; the percentiles are the worst driver's\n";
  }
  out << summary.str();
  for (const std::string& note : merged.notes) out << "note: " << note << "\n";
  sink.write_final(merged.info, merged.stats, verdict, merged.intervals);
  sink.write_file("summary.txt", summary.str());
  out << "merged result written to " << sink.dir() << "\n";
  return kExitOk;
}

}  // namespace tpcc
