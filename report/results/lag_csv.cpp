#include "report/results/lag_csv.hpp"

#include <optional>

#include "report/views/format.hpp"

namespace tpcc {
namespace {

std::string optional_text(const std::optional<double>& value, int decimals) {
  return value ? fixed(*value, decimals) : std::string();
}

}  // namespace

std::string lag_csv_header(const std::string& prefix) {
  std::string csv;
  for (const char* column :
       {"write_lag_ms", "flush_lag_ms", "replay_lag_ms", "bytes_behind", "replay_delay_ms"}) {
    csv += "," + prefix + column;
  }
  return csv;
}

std::string lag_csv_row(const LagReading* lag) {
  const LagReading none;
  const LagReading& r = lag != nullptr ? *lag : none;
  return "," + optional_text(r.write_lag_ms, 3) + "," + optional_text(r.flush_lag_ms, 3) + "," +
         optional_text(r.replay_lag_ms, 3) + "," + optional_text(r.bytes_behind, 0) + "," +
         optional_text(r.replay_delay_ms, 3);
}

}  // namespace tpcc
