// Runs of sysbench's oltp tests, pgbench and the ingest for the report's
// unit tests: result.json as the kit writes it from figures chosen by the
// test, read back as a result directory's figures.
#pragma once

#include <nlohmann/json.hpp>

#include "config/config.hpp"
#include "metrics/run.hpp"
#include "report/results/figures_json.hpp"
#include "report/results/result_json.hpp"
#include "report/results/result_read.hpp"
#include "report/results/workload_result_json.hpp"
#include "tests/unit/report/verdict_of.hpp"
#include "workloads/ingest/metrics/ingest_figures.hpp"

namespace tpcc::test {

// events of 2 ms each over 10 s, 14 reads, 4 writes and 2 other
// statements per event.
inline tpcc::RunStats stats_of(int events) {
  tpcc::RunStats stats(1);
  for (int i = 0; i < events; ++i) {
    ++stats.txn[0].committed;
    stats.txn[0].latency.record(2000);
  }
  stats.statements.reads = events * 14;
  stats.statements.writes = events * 4;
  stats.statements.other = events * 2;
  return stats;
}

inline tpcc::Config config_of(tpcc::WorkloadKind kind) {
  tpcc::Config config;
  config.workload = kind;
  config.terminals = 2;
  return config;
}

// 10 measured seconds; of an ingest run, `events` batches of 100 rows of
// 1000 bytes over them.
inline tpcc::RunInfo ten_seconds(tpcc::WorkloadKind kind = tpcc::WorkloadKind::SysbenchOltp,
                                 int events = 0) {
  tpcc::RunInfo info;
  info.measured_seconds = 10;
  info.terminals = 2;
  if (kind == tpcc::WorkloadKind::Ingest && events > 0) {
    tpcc::IngestFigures ingest;
    ingest.rows = events * 100;
    ingest.seconds = 10;
    ingest.payload_bytes = 1000;
    tpcc::derive_ingest_rates(ingest);
    info.ingest = ingest;
  }
  return info;
}

inline nlohmann::json result_of(tpcc::WorkloadKind kind, int events) {
  return nlohmann::json::parse(tpcc::result_json(
      config_of(kind), ten_seconds(kind, events), stats_of(events),
      tpcc::test::verdict_of(config_of(kind), ten_seconds(kind, events), stats_of(events))));
}

// A run of `kind` of `events` events, read back as report --compare reads it.
inline tpcc::ResultDir workload_run(tpcc::WorkloadKind kind, int events) {
  tpcc::ResultDir run;
  run.config = config_of(kind);
  run.workload = tpcc::result_figures(result_of(kind, events));
  return run;
}

}  // namespace tpcc::test
