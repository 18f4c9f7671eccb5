// result.json of tpcc capacity: the search (what it varied, its bounds and
// criteria), each step with its verdict and its own result directory
// (DIR/step-K), the answer, and the --confirm run when there was one.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "report/rules/capacity_step.hpp"

namespace tpcc {

// result.json's "kind" of a capacity search.
inline constexpr const char* kCapacitySearchKind = "capacity search";

// The confirmation run at the answer: its directory, exit status and
// run-rules line.
struct CapacityConfirmation {
  std::string dir;
  int exit_status = 0;
  bool rules_pass = false;
  std::string rules_line;
};

struct CapacitySearchRecord {
  int loaded_warehouses = 0;
  // the search's upper bound: W, 10 x W terminals unpaced, or the connections
  // the server takes (another workload)
  int most = 0;
  std::vector<CapacityStep> steps;
  std::optional<CapacityStep> answer;
  std::string answer_line;
  std::string stopped;  // why the search stopped before it ended; empty when it ended
  std::optional<CapacityConfirmation> confirmation;
  int exit_status = 0;
};

std::string capacity_json(const Config& config, const CapacitySearchRecord& search);

}  // namespace tpcc
