#include "workloads/sysbench/config/sysbench_config.hpp"

#include <optional>

#include "config/settings/settings.hpp"
#include "workloads/sysbench/config/oltp_config_json.hpp"

namespace tpcc {
namespace {

// The latency percentile a capacity step is held to --latency-limit by.
constexpr int kCapacityPercentile = 99;

// tpcc capacity's steps run unpaced (finish_oltp set it) and are judged by
// their latency percentile alone: the run's --percentile, 99 unless given.
void capacity_defaults(ParseState& st) {
  Config& c = st.cfg;
  const std::optional<Source> given = st.given.source("percentile");
  if (!given) c.sysbench_percentile = kCapacityPercentile;
  if (c.sysbench_percentile == 0) {
    st.problem(given->where +
               " 0: tpcc capacity judges each step by its latency percentile; give 1..100 "
               "(99 unless given)");
  }
}

}  // namespace

const WorkloadConfig& sysbench_config() {
  static const WorkloadConfig config = [] {
    WorkloadConfig w;
    w.kind = WorkloadKind::SysbenchOltp;
    w.name = "oltp_*";
    w.oltp_tests = true;
    w.owner = "sysbench's oltp tests'";
    w.hint = "oltp_read_write (or another oltp test)";
    w.json_key = "oltp";
    w.json_block = oltp_config_json;
    w.read_json_block = read_oltp_config_json;
    w.capacity_defaults = capacity_defaults;
    w.load_axes = {"tables", "table-size"};
    return w;
  }();
  return config;
}

}  // namespace tpcc
