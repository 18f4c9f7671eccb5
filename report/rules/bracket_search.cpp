#include "report/rules/bracket_search.hpp"

#include <algorithm>

namespace tpcc {

BracketSearch::BracketSearch(int start, int most)
    : most_(std::max(most, 1)), start_(std::clamp(start, 1, std::max(most, 1))) {}

std::optional<int> BracketSearch::next() const {
  if (!tried_start_) return start_;
  // Doubling: nothing has failed yet.
  if (failed_ == 0) {
    if (passed_ >= most_) return std::nullopt;
    return static_cast<int>(std::min<long long>(2LL * passed_, most_));
  }
  // Bisecting between the last pass (0: none) and the first failure.
  if (failed_ - passed_ <= 1) return std::nullopt;
  return passed_ + (failed_ - passed_) / 2;
}

void BracketSearch::record(int value, bool passed) {
  tried_start_ = true;
  if (passed) {
    passed_ = std::max(passed_, value);
  } else if (failed_ == 0 || value < failed_) {
    failed_ = value;
  }
}

}  // namespace tpcc
