#include "workloads/ingest/report/ingest_json.hpp"

#include "metrics/stats.hpp"
#include "report/results/json_round.hpp"

namespace tpcc {

nlohmann::json ingest_figures_json(const IngestFigures& f) {
  nlohmann::json j;
  j["streams"] = f.streams;
  j["tables"] = f.tables;
  j["rows_per_statement"] = f.rows_per_statement;
  j["row_bytes"] = f.row_bytes;
  j["payload_bytes"] = f.payload_bytes;
  j["rows"] = f.rows;
  j["seconds"] = round_to(f.seconds, 3);
  j["rows_per_second"] = round_to(f.rows_per_second, 2);
  j["payload_mb_per_second"] = round_to(f.payload_mb_per_second, 3);
  j["stream_rows_per_second"] = {{"min", round_to(f.stream_rows_per_second.min, 2)},
                                 {"avg", round_to(f.stream_rows_per_second.avg, 2)},
                                 {"max", round_to(f.stream_rows_per_second.max, 2)}};
  j["statement_latency_ms"] = {{"p50", round_to(f.p50_ms, 3)}, {"p99", round_to(f.p99_ms, 3)}};
  j["wal_bytes"] = f.wal_bytes ? nlohmann::json(*f.wal_bytes) : nlohmann::json(nullptr);
  j["wal_seconds"] = round_to(f.wal_seconds, 3);
  j["wal_mb_per_second"] = f.wal_mb_per_second ? nlohmann::json(round_to(*f.wal_mb_per_second, 3))
                                               : nlohmann::json(nullptr);
  return j;
}

}  // namespace tpcc
