// What the options table's rows say about the workloads: which take an
// option, and the words messages and the options page use for them.
#include <string>
#include <vector>

#include "config/settings/settings.hpp"

namespace tpcc {
namespace {

// The workloads of the set by a word of their descriptors (owner: "TPC-C's";
// name: "tpcc"), joined: "a", "a and b", "a, b and c".
std::string joined(WorkloadSet workloads, const char* WorkloadConfig::*word,
                   const char* last_separator) {
  std::vector<const char*> words;
  for (const WorkloadConfig* workload : workload_configs()) {
    if ((workloads & workload->bit()) != 0) words.push_back(workload->*word);
  }
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    out += (i == 0 ? "" : i + 1 == words.size() ? last_separator : ", ") + std::string(words[i]);
  }
  return out;
}

}  // namespace

bool workload_takes(const Setting& s, WorkloadKind workload) {
  return (s.workloads & workload_bit(workload)) != 0;
}

std::string workloads_text(WorkloadSet workloads) {
  return joined(workloads, &WorkloadConfig::owner, " and ");
}

std::string workload_list(WorkloadSet workloads) {
  if (workloads == kAllWorkloads) return "all";
  return joined(workloads, &WorkloadConfig::name, ", ");
}

}  // namespace tpcc
