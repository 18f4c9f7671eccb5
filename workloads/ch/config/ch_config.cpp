#include "workloads/ch/config/ch_config.hpp"

namespace tpcc {

const WorkloadConfig& ch_config() {
  static const WorkloadConfig config = [] {
    WorkloadConfig w;
    w.kind = WorkloadKind::Ch;
    w.name = "ch";
    w.owner = "CH-benCHmark's";
    w.sysbench_test = false;
    // It runs on TPC-C's load (tpcc prepare --ch): no load of its own to vary.
    return w;
  }();
  return config;
}

}  // namespace tpcc
