// 5.2.3 the minimum share of the mix of each transaction but New-Order, as
// warnings a run prints under its mix (spec/transactions.hpp holds the
// minimums).
#pragma once

#include <string>
#include <vector>

#include "terminal/engine/deck.hpp"

namespace tpcc {

// 5.2.3 minimum mix: one warning per transaction below its minimum
// (Payment 43%, Order-Status 4%, Delivery 4%, Stock-Level 4%), naming it.
std::vector<std::string> mix_warnings(const MixWeights& mix);

}  // namespace tpcc
