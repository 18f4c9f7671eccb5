#include "workloads/tpcc/paced_pool.hpp"

#include <algorithm>
#include <cmath>

#include "spec/transactions.hpp"
#include "terminal/engine/pacing.hpp"

namespace tpcc {

double offered_per_terminal(const Config& config) {
  if (!config.keying_and_thinking) return 0;
  double percent = 0, cycle = 0;  // the mix's weights and its mean cycle, weighted
  for (const TransactionType& type : kTransactions) {
    const double weight = config.mix[type.index];
    const TypeDelays delays{type.keying_seconds, type.mean_think_seconds};
    percent += weight;
    cycle += weight * (keying_seconds(delays, config.keying_multiplier) +
                       mean_think_seconds(delays, config.think_multiplier));
  }
  if (percent <= 0 || cycle <= 0) return 0;
  return percent / cycle;
}

int paced_pool_connections(const Config& config) {
  if (config.connections > 0 || config.terminals <= kOwnConnectionsUpTo) return 0;
  const double offered = offered_per_terminal(config) * config.terminals;
  if (offered <= 0) return 0;
  const double pool = std::ceil(offered * kConnectionSecondsPerTransaction * kPoolHeadroom);
  return std::min(config.terminals, std::max(kOwnConnectionsUpTo, static_cast<int>(pool)));
}

}  // namespace tpcc
