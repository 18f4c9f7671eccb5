// result.json's "ingest": the figures of an ingest run (metrics/ingest.hpp).
#pragma once

#include <nlohmann/json.hpp>

#include "metrics/ingest.hpp"

namespace tpcc {

nlohmann::json ingest_figures_json(const IngestFigures& figures);

}  // namespace tpcc
