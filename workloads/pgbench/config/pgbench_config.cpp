#include "workloads/pgbench/config/pgbench_config.hpp"

#include <nlohmann/json.hpp>

#include "config/config.hpp"

namespace tpcc {

const WorkloadConfig& pgbench_config() {
  static const WorkloadConfig config = [] {
    WorkloadConfig w;
    w.kind = WorkloadKind::Pgbench;
    w.name = "pgbench";
    w.owner = "pgbench's";
    // What its prepare loaded, and the steps before a run; its scripts
    // are run options.
    w.json_key = "pgbench";
    w.json_block = [](const Config& c) {
      return nlohmann::ordered_json{{"scale", c.pgbench.scale},
                                    {"fillfactor", c.pgbench.fillfactor},
                                    {"no_vacuum", c.pgbench.no_vacuum},
                                    {"vacuum_all", c.pgbench.vacuum_all}};
    };
    w.load_axes = {"scale"};
    return w;
  }();
  return config;
}

}  // namespace tpcc
