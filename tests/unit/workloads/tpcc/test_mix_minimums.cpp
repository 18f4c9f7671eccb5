// 5.2.3 the minimum mix: a warning for each transaction below its minimum.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "workloads/tpcc/mix_minimums.hpp"

namespace {

const tpcc::MixWeights kDefaultMix = {45, 43, 4, 4, 4};

bool mentions(const std::vector<std::string>& warnings, const std::string& word) {
  for (const auto& w : warnings) {
    if (w.find(word) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("5.2.3 the default mix meets the minimums") {
  CHECK(tpcc::mix_warnings(kDefaultMix).empty());
  CHECK(tpcc::mix_warnings({10, 86, 4, 0, 0}).size() == 2);
}

TEST_CASE("5.2.3 each transaction below its minimum is named") {
  const auto warnings = tpcc::mix_warnings({50, 42.9, 4, 3.1, 0});
  CHECK(warnings.size() == 3);
  CHECK(mentions(warnings, "Payment"));
  CHECK(mentions(warnings, "Delivery"));
  CHECK(mentions(warnings, "Stock-Level"));
  CHECK_FALSE(mentions(warnings, "Order-Status"));
  CHECK_FALSE(mentions(warnings, "New-Order"));
}

TEST_CASE("5.2.3 Order-Status below 4% warns") {
  const auto warnings = tpcc::mix_warnings({46, 43, 3, 4, 4});
  REQUIRE(warnings.size() == 1);
  CHECK(mentions(warnings, "Order-Status"));
}

TEST_CASE("5.2.3 the 23-card deck of 5.2.4.2, given as percents, is above every minimum") {
  const tpcc::MixWeights spec = {1000.0 / 23, 1000.0 / 23, 100.0 / 23, 100.0 / 23, 100.0 / 23};
  CHECK(tpcc::mix_warnings(spec).empty());  // 43.48% and 4.35%
}
