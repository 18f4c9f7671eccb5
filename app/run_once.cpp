#include "app/run_once.hpp"

#include "app/workload_registry.hpp"

namespace tpcc {

int run_once(const Config& config, std::ostream& out) {
  return workload_entry(config.workload).run(config, out);
}

}  // namespace tpcc
