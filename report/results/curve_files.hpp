// tpcc curve's own files in its directory: curve.csv (one row per run, the
// peak's first) and curve.json (the rows, the rules and the two answers).
#pragma once

#include <string>
#include <vector>

#include "report/rules/curve_rules.hpp"

namespace tpcc {

inline constexpr const char* kCurveCsvFile = "curve.csv";
inline constexpr const char* kCurveJsonFile = "curve.json";
inline constexpr const char* kCurvePageFile = "curve.html";

// The curve as it ended: the peak's run, the ladder's, the answers.
struct CurveRecord {
  std::string workload;
  std::string unit;  // --rate's: "/min", or an oltp test's "/s"
  int terminals = 0;
  CurvePoint peak;
  std::vector<CurvePoint> ladder;
  CurveAnswer knee;
  CurveAnswer max_rate;
  std::string stopped;  // why the ladder ended early; empty when it ran to its end
  int exit_status = 0;
};

std::string curve_csv(const CurveRecord& record);
std::string curve_json(const CurveRecord& record);

}  // namespace tpcc
