// The server metrics in intervals.csv: their columns and one row's values.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "metrics/server_metrics.hpp"

namespace tpcc {

// The wait events intervals.csv shows per interval (result.json has all).
inline constexpr std::size_t kCsvTopWaits = 3;

// "IO:DataFileRead 12 (40%); CPU 8 (27%)": the first n, no commas, for
// intervals.csv.
std::string format_top_waits(const std::vector<WaitShare>& waits, std::size_t n = kCsvTopWaits);

// intervals.csv's server metric columns (after the standby ones), with a
// leading comma; and one row's values, empty where a metric is.
std::string server_metrics_csv_header();
std::string server_metrics_csv_row(const std::optional<ServerMetricsInterval>& metrics);

}  // namespace tpcc
