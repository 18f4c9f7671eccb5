#include "workloads/ingest/report/ingest_summary.hpp"

#include "report/views/format.hpp"

namespace tpcc {

std::string ingest_final_block(const IngestFigures& f, const RunStats& stats) {
  std::string out;
  out += "ingest: " + std::to_string(f.rows) + " rows in " + fixed(f.seconds, 1) + " s, " +
         std::to_string(f.streams) + " stream(s) into " + std::to_string(f.tables) + " table(s), " +
         std::to_string(f.rows_per_statement) + " rows per statement\n";
  out += "    rows/s:              " + fixed(f.rows_per_second, 1) + "\n";
  out += "    payload MB/s:        " + fixed(f.payload_mb_per_second, 2) + " (" +
         std::to_string(f.payload_bytes) + " bytes of text a row, rows of about " +
         std::to_string(f.row_bytes) + " bytes)\n";
  out += "    per stream rows/s:   min " + fixed(f.stream_rows_per_second.min, 1) + ", avg " +
         fixed(f.stream_rows_per_second.avg, 1) + ", max " +
         fixed(f.stream_rows_per_second.max, 1) + "\n";
  out += "    statement latency:   p50 " + fixed(f.p50_ms, 2) + " ms, p99 " + fixed(f.p99_ms, 2) +
         " ms\n";
  out += "    errors:              " + std::to_string(errors_total(stats)) + "\n";
  out += "    server WAL MB/s:     " +
         (f.wal_mb_per_second
              ? fixed(*f.wal_mb_per_second, 2) + " (" + fixed(*f.wal_bytes / 1e6, 1) +
                    " MB over the run's " + fixed(f.wal_seconds, 1) + " s, warm-up included)"
              : std::string("not measured")) +
         "\n";
  return out;
}

}  // namespace tpcc
