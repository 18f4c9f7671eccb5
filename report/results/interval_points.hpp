// intervals_by_type.csv: the figures report.html draws over time, one row
// per interval: elapsed_s,length_s,warmup,tpmC,tpmTOTAL,errors, then
// <type>_count,<type>_p50_ms,<type>_p90_ms,<type>_p99_ms for each of the
// run's types (TPC-C's five unless told).
// A run writes it and draws its page from the same rounded figures, so that
// tpcc report DIR redraws the page the run wrote.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "metrics/run.hpp"
#include "report/views/interval_point.hpp"
#include "spec/transactions.hpp"

namespace tpcc {

inline constexpr const char* kIntervalsByTypeFile = "intervals_by_type.csv";

// The points of a run's samples, rounded as the file holds them.
std::vector<IntervalPoint> interval_points(const std::vector<IntervalSample>& samples);

// Throws std::logic_error when a point is not of `types`.
std::string intervals_by_type_csv(const std::vector<IntervalPoint>& points,
                                  const std::vector<std::string>& types = tpcc_type_names());

// The points of as many types as the header names (every point of that
// many). Throws UsageError naming `where` (the file) and the line when the
// text is not such a file.
std::vector<IntervalPoint> read_intervals_by_type_csv(const std::string& text,
                                                      const std::string& where);

}  // namespace tpcc
