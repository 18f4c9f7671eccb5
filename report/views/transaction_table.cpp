#include "report/views/transaction_table.hpp"

#include <cstddef>
#include <cstdint>

#include "report/views/format.hpp"
#include "spec/transactions.hpp"

namespace tpcc {

TableRows transaction_rows(const RunStats& stats) {
  TableRows table;
  table.header = {"transaction", "count",  "%",      "rollbacks", "errors", "retries",   "avg ms",
                  "p50 ms",      "p90 ms", "p95 ms", "p99 ms",    "max ms", "p90 limit", "5.2.5.3"};
  const std::int64_t all = completed_total(stats);
  for (const auto& type : kTransactions) {
    const TxnStats& t = tpcc_type(stats, type.index);
    const auto& h = t.latency;
    const bool seen = h.count() > 0;
    const auto pct = [&](double p) { return seen ? ms_value(h.percentile(p)) : std::string("-"); };
    std::string verdict = "-";
    if (seen) verdict = p90_within(t, type.p90_limit_seconds) ? "PASS" : "FAIL";
    table.rows.push_back({type.title, std::to_string(t.committed),
                          fixed(percent(completed(t), all), 1), std::to_string(t.rolled_back),
                          std::to_string(t.errors), std::to_string(t.retries),
                          seen ? ms_value(h.mean()) : "-", pct(50), pct(90), pct(95), pct(99),
                          seen ? ms_value(static_cast<double>(h.max())) : "-",
                          limit_text(type.p90_limit_seconds), verdict});
  }
  return table;
}

}  // namespace tpcc
