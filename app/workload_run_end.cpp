#include "app/workload_run_end.hpp"

#include "app/run_outcome.hpp"

namespace tpcc {

int end_workload_run(const Config& config, const EngineResult& result, std::time_t started,
                     ResultSink& results, std::ostream& out,
                     const std::function<void(RunInfo&)>& print_final_block) {
  RunInfo info = run_info(config, RunSetup{}, result, started, "");
  out << "\n";
  print_final_block(info);
  out << "\n";
  info.exit_status = overall_status(config, info, result.stats, out);
  results.write_final(info, result.stats, result.intervals);
  out << "results written to " << results.dir() << "\n";
  return info.exit_status;
}

}  // namespace tpcc
