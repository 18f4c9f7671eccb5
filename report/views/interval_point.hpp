// One interval of a TPC-C run as its page draws it over time: its rates,
// errors and each type's count and percentiles, rounded as
// intervals_by_type.csv holds them (report/results/interval_points.hpp
// writes and reads that file).
#pragma once

#include <cstdint>
#include <vector>

namespace tpcc {

struct TypePoint {
  std::int64_t count = 0;  // completed (committed + rolled back by the spec)
  double p50_ms = 0;
  double p90_ms = 0;
  double p99_ms = 0;
};

struct IntervalPoint {
  double end_seconds = 0;
  double length_seconds = 0;
  bool warmup = false;
  double tpmc = 0;
  double tpm_total = 0;
  std::int64_t errors = 0;
  std::vector<TypePoint> txn;  // one per type, as the samples' RunStats
};

}  // namespace tpcc
