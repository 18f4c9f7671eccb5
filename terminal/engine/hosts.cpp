#include "terminal/engine/hosts.hpp"

#include "config/conn/hosts.hpp"
#include "spec/random.hpp"

namespace tpcc {

HostAssignment assign_hosts(const Config& config, int connections, std::uint64_t seed) {
  HostAssignment hosts;
  hosts.host_of_connection.assign(static_cast<std::size_t>(connections), 0);
  if (config.host_policy == HostPolicy::First) {
    hosts.conninfos = {config.conninfo};
    return hosts;
  }
  hosts.conninfos = conninfo_per_host(config.conninfo);
  for (const std::string& conninfo : hosts.conninfos) hosts.labels.push_back(host_label(conninfo));
  const int count = static_cast<int>(hosts.conninfos.size());
  Random rng(seed);
  for (int k = 0; k < connections; ++k) {
    hosts.host_of_connection[static_cast<std::size_t>(k)] =
        config.host_policy == HostPolicy::RoundRobin ? k % count
                                                     : static_cast<int>(rng.uniform(0, count - 1));
  }
  return hosts;
}

}  // namespace tpcc
