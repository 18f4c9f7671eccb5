#include "report/views/run_differences.hpp"

#include <set>

#include "report/views/environment_compare.hpp"

namespace tpcc {
namespace {

// Items every run has a value of its own for by nature, or that the
// headings already show: a row of them would tell the reader nothing.
bool named_by_heading(const std::string& key) {
  static const std::set<std::string> kNamed = {"label", "run.label", "run.result_dir",
                                               "run.json_file"};
  return kNamed.count(key) != 0;
}

}  // namespace

std::vector<ComparedSetting> run_differences(const std::vector<ResultDir>& runs) {
  std::vector<std::string> config_jsons;
  for (const ResultDir& run : runs) config_jsons.push_back(run.config_json);
  std::vector<ComparedSetting> differing;
  for (std::vector<ComparedSetting> part :
       {compared_environment(runs), compared_settings(config_jsons)}) {
    for (ComparedSetting& item : part) {
      if (item.differs && !named_by_heading(item.key)) differing.push_back(std::move(item));
    }
  }
  return differing;
}

std::string run_heading(const ResultDir& run) {
  const std::string& label = run.info.experiment.environment.label;
  return label.empty() ? run.dir : label;
}

}  // namespace tpcc
