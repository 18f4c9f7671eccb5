// A standby's replication lag as intervals.csv columns, the same in a
// TPC-C run's file and in the other workloads'.
#pragma once

#include <string>

#include "metrics/lag.hpp"

namespace tpcc {

// ",<prefix>write_lag_ms,<prefix>flush_lag_ms,<prefix>replay_lag_ms,
// <prefix>bytes_behind,<prefix>replay_delay_ms"
std::string lag_csv_header(const std::string& prefix);

// The reading's five values, each preceded by a comma; empty where the
// reading has none (or there is no reading: lag null).
std::string lag_csv_row(const LagReading* lag);

}  // namespace tpcc
