// The per-transaction table of a run (counts, share of the mix, rollbacks,
// errors, retries, latency percentiles, the 5.2.5.3 limit and its verdict),
// built once as cells and drawn by both the console summary and report.html.
#pragma once

#include <string>
#include <vector>

#include "metrics/stats.hpp"

namespace tpcc {

// A table as text cells: a header row and one row per line.
struct TableRows {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
};

// One row per transaction in kTransactions order; "-" where a transaction
// has no latency; the last column is "PASS", "FAIL" or "-" (5.2.5.3).
TableRows transaction_rows(const RunStats& stats);

}  // namespace tpcc
