// result.json's "ingest": the figures of an ingest run
// (workloads/ingest/metrics/ingest_figures.hpp).
#pragma once

#include <nlohmann/json.hpp>

#include "workloads/ingest/metrics/ingest_figures.hpp"

namespace tpcc {

nlohmann::json ingest_figures_json(const IngestFigures& figures);

}  // namespace tpcc
