#include "workloads/ingest/metrics/ingest_figures.hpp"

#include <algorithm>

namespace tpcc {
namespace {

constexpr double kMegabyte = 1e6;

}  // namespace

StreamSpread stream_spread(const std::vector<std::int64_t>& rows, double seconds) {
  StreamSpread spread;
  if (rows.empty() || seconds <= 0) return spread;
  const auto [least, most] = std::minmax_element(rows.begin(), rows.end());
  std::int64_t sum = 0;
  for (const std::int64_t r : rows) sum += r;
  spread.min = static_cast<double>(*least) / seconds;
  spread.max = static_cast<double>(*most) / seconds;
  spread.avg = static_cast<double>(sum) / static_cast<double>(rows.size()) / seconds;
  return spread;
}

void derive_ingest_rates(IngestFigures& f) {
  f.rows_per_second = f.seconds > 0 ? static_cast<double>(f.rows) / f.seconds : 0;
  f.payload_mb_per_second = f.rows_per_second * f.payload_bytes / kMegabyte;
  f.wal_mb_per_second.reset();
  if (f.wal_bytes && f.wal_seconds > 0)
    f.wal_mb_per_second = *f.wal_bytes / f.wal_seconds / kMegabyte;
}

}  // namespace tpcc
