#include "workloads/ingest/report/ingest_result_figures.hpp"

#include "report/results/json_number.hpp"

namespace tpcc {
namespace {

using Json = nlohmann::json;

std::vector<WorkloadFigure> ingest_headline(const Json& i) {
  const Json& streams = i.at("stream_rows_per_second");
  const Json& latency_ms = i.at("statement_latency_ms");
  std::vector<WorkloadFigure> figures = {
      summarised(headline_figure("rows_per_second", "rows/s", json_number(i, "rows_per_second"),
                                 "rows/s", Better::Higher, 2)),
      summarised(headline_figure("payload_mb_per_second", "MB/s",
                                 json_number(i, "payload_mb_per_second"), "MB/s", Better::Higher,
                                 3)),
      headline_figure("rows", "rows", json_number(i, "rows"), "", Better::Neither, 0)};
  for (const char* which : {"min", "avg", "max"}) {
    figures.push_back(headline_figure(std::string("stream_rows_per_second_") + which,
                                      std::string("stream rows/s ") + which,
                                      json_number(streams, which), "rows/s", Better::Higher, 2));
  }
  figures.push_back(headline_figure("statement_p50_ms", "statement p50 ms",
                                    json_number(latency_ms, "p50"), "ms", Better::Lower, 3));
  figures.push_back(
      held_to_limit(headline_figure("statement_p99_ms", "statement p99 ms",
                                    json_number(latency_ms, "p99"), "ms", Better::Lower, 3)));
  figures.push_back(headline_figure("wal_mb_per_second", "WAL MB/s",
                                    json_number(i, "wal_mb_per_second"), "MB/s", Better::Neither,
                                    3));
  return figures;
}

}  // namespace

WorkloadFigures ingest_result_figures(const Json& result) {
  WorkloadFigures f;
  f.workload = result.at("workload").get<std::string>();
  const Json& ingest = result.at("ingest");
  if (ingest.is_null()) return f;
  f.headline = ingest_headline(ingest);
  // One type, the batch (one statement of rows_per_statement rows); its
  // percentiles are in the figures block only.
  const std::int64_t rows = ingest.at("rows").get<std::int64_t>();
  const std::int64_t per_batch = ingest.at("rows_per_statement").get<std::int64_t>();
  f.types.push_back({"batch", per_batch > 0 ? rows / per_batch : 0, {}, {}, {}, {}});
  return f;
}

}  // namespace tpcc
