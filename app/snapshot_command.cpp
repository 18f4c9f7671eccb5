#include "app/snapshot_command.hpp"

#include "app/workload_tables.hpp"
#include "experiment/snapshot.hpp"

namespace tpcc {

int snapshot_command(const Config& config, std::ostream& out) {
  return config.snapshot_drop ? drop_snapshot(config, out)
                              : create_snapshot(config, workload_tables(config), out);
}

}  // namespace tpcc
