#include "workloads/tpcc/mix_minimums.hpp"

#include <cstdio>

namespace tpcc {

std::vector<std::string> mix_warnings(const MixWeights& mix) {
  std::vector<std::string> warnings;
  for (const TransactionType& txn : kTransactions) {
    const double weight = mix[static_cast<std::size_t>(txn.index)];
    // 5.2.3: New-Order has no minimum of its own (min_mix_percent 0).
    if (txn.min_mix_percent > 0 && weight < txn.min_mix_percent) {
      char text[160];
      std::snprintf(text, sizeof text,
                    "5.2.3: %s weight %g%% is below the minimum of %g%%; the mix is not compliant",
                    txn.title, weight, txn.min_mix_percent);
      warnings.emplace_back(text);
    }
  }
  return warnings;
}

}  // namespace tpcc
