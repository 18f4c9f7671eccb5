// The primary's figures per host of a --conn of several primaries
// (--host-policy round-robin or random), built once as cells and drawn by
// the console summaries and report.html; result.json holds the same
// figures as numbers (report/results/result_json.cpp).
#pragma once

#include "config/config.hpp"
#include "metrics/run.hpp"
#include "report/views/transaction_table.hpp"

namespace tpcc {

// One row per host in --conn order, then the total: host, connections,
// tpmC (TPC-C only), tpmTOTAL, tps, errors, p90 ms. No rows when the run
// was not spread over hosts.
TableRows host_rows(const Config& config, const RunInfo& info, const RunStats& total);

}  // namespace tpcc
