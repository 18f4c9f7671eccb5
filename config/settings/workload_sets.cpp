// What the options table's rows say about the workloads: which take an
// option, and the words messages and the options page use for them.
#include <string>

#include "config/settings/settings.hpp"

namespace tpcc {
namespace {

// Whose option it is, for messages: "--warehouses is TPC-C's".
const char* owner(WorkloadKind k) {
  switch (k) {
    case WorkloadKind::Tpcc: return "TPC-C's";
    case WorkloadKind::SysbenchOltp: return "sysbench's oltp tests'";
    case WorkloadKind::Pgbench: return "pgbench's";
    case WorkloadKind::Ingest: return "the ingest workload's";
  }
  return "";
}

// The workload as --workload names it; the oltp tests by their pattern.
const char* short_name(WorkloadKind k) {
  switch (k) {
    case WorkloadKind::Tpcc: return "tpcc";
    case WorkloadKind::SysbenchOltp: return "oltp_*";
    case WorkloadKind::Pgbench: return "pgbench";
    case WorkloadKind::Ingest: return "ingest";
  }
  return "";
}

// The items of the set joined: "a", "a and b", "a, b and c".
template <typename Word>
std::string joined(WorkloadSet workloads, Word word, const char* last_separator) {
  std::vector<const char*> words;
  for (const WorkloadKind k : kWorkloadKinds) {
    if ((workloads & workload_bit(k)) != 0) words.push_back(word(k));
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

std::string workloads_text(WorkloadSet workloads) { return joined(workloads, owner, " and "); }

std::string workload_list(WorkloadSet workloads) {
  if (workloads == kAllWorkloads) return "all";
  return joined(workloads, short_name, ", ");
}

}  // namespace tpcc
