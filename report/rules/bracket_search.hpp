// tpcc capacity's search over a whole number (active warehouses, or
// terminals): the largest value in 1..most that passes, found by
// bracketing. From a start, double while steps pass, until one fails or the
// most is reached; then bisect between the last that passed and the first
// that failed. Assumes passing is monotone (a load that fails, a larger one
// fails too); where it is not, the answer is a value that passed with a
// larger one that failed next to it. Pure: the steps are the caller's.
#pragma once

#include <optional>
#include <vector>

namespace tpcc {

class BracketSearch {
 public:
  // start is clamped to 1..most; most >= 1.
  BracketSearch(int start, int most);

  // The value the next step runs at; nullopt once the search is over.
  std::optional<int> next() const;
  // The outcome of the step at value (the one next() gave).
  void record(int value, bool passed);

  // The largest value that passed (0 when none did).
  int largest_passing() const { return passed_; }
  // The smallest value that failed (0 when none did).
  int smallest_failing() const { return failed_; }

 private:
  int most_;
  int start_;
  int passed_ = 0;  // 0: none yet
  int failed_ = 0;  // 0: none yet
  bool tried_start_ = false;
};

// The values a search from start over 1..most runs, in order, with
// passes(v) as each step's outcome; the answer is the last that passed.
struct BracketOutcome {
  std::vector<int> tried;
  int largest_passing = 0;
};
template <typename Passes>
BracketOutcome bracket_search(int start, int most, Passes passes) {
  BracketSearch search(start, most);
  BracketOutcome outcome;
  while (const std::optional<int> value = search.next()) {
    outcome.tried.push_back(*value);
    search.record(*value, passes(*value));
  }
  outcome.largest_passing = search.largest_passing();
  return outcome;
}

}  // namespace tpcc
