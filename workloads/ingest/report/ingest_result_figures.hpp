// The ingest's figures in the one model every workload reports in
// (report/views/workload_figures.hpp), from result.json's "ingest": rows/s,
// MB/s, the streams' spread, the statements' p50/p99, the WAL's MB/s (the
// streams are the facts' terminals); its one type, the batch.
#pragma once

#include <nlohmann/json.hpp>

#include "report/views/workload_figures.hpp"

namespace tpcc {

// No headline when "ingest" is null (the run ended before its figures
// were counted). Throws nlohmann's exceptions on a malformed one.
WorkloadFigures ingest_result_figures(const nlohmann::json& result);

}  // namespace tpcc
