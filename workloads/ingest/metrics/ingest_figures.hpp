// What an ingest run measured (docs/ingest.md): rows and bytes per second
// over the measured interval, the spread of the streams' rates, the
// statements' latency, and the WAL the server wrote. Arithmetic only; the
// counting is the workload's, the WAL's reading the run's.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace tpcc {

// The least, mean and greatest of the streams' rows per second.
struct StreamSpread {
  double min = 0;
  double avg = 0;
  double max = 0;
};

struct IngestFigures {
  int streams = 0;
  int tables = 0;
  int rows_per_statement = 0;
  int row_bytes = 0;      // --ingest-row-bytes: a row's size in its table, about
  int payload_bytes = 0;  // the text payload of a row
  std::int64_t rows = 0;  // acknowledged in the measured interval
  double seconds = 0;     // the measured interval
  double rows_per_second = 0;
  double payload_mb_per_second = 0;  // rows x payload bytes, in 10^6 bytes
  StreamSpread stream_rows_per_second;
  double p50_ms = 0;  // per statement (one batch)
  double p99_ms = 0;
  // pg_current_wal_lsn() before and after the run, over its whole length
  // (warm-up included): empty when either reading failed.
  std::optional<double> wal_bytes;
  double wal_seconds = 0;
  std::optional<double> wal_mb_per_second;
};

// The spread of per-stream rows over `seconds`; zeros without streams or
// time.
StreamSpread stream_spread(const std::vector<std::int64_t>& rows, double seconds);

// rows / seconds, payload MB/s and the WAL's MB/s from what was counted.
void derive_ingest_rates(IngestFigures& figures);

}  // namespace tpcc
