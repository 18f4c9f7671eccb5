// The acknowledged-commit ledger of a failover run (--failover): every
// New-Order whose COMMIT the server acknowledged, checked after the run on
// the surviving primary. An acknowledged order missing there is a commit
// the failover lost: their count is the run's RPO in transactions.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tpcc {

// One order the server acknowledged: its key in ORDER (2.4.2.2). Twelve
// bytes an order, kept per worker and merged at the end.
struct OrderKey {
  std::int32_t w_id = 0;
  std::int32_t d_id = 0;
  std::int32_t o_id = 0;  // 0: no order (not a committed New-Order)
};

bool operator==(const OrderKey& a, const OrderKey& b);
bool operator<(const OrderKey& a, const OrderKey& b);

// How many lost orders the summary, the page and result.json list.
inline constexpr std::size_t kLostOrdersListed = 10;

// What the check after the run found ("ledger" in result.json).
struct LedgerFigures {
  std::int64_t acknowledged = 0;      // distinct orders acknowledged during the run
  std::int64_t lost = 0;              // of them, missing on the surviving primary
  std::string checked_on_host;        // host:port the check ran on
  std::vector<OrderKey> lost_orders;  // the first kLostOrdersListed, in key order
  // Not empty when the check could not run (no primary reachable): the
  // ledger then proves nothing and the run fails.
  std::string error;
};

// The acknowledged orders in key order, each once.
std::vector<OrderKey> sorted_orders(std::vector<OrderKey> orders);

// The three columns of orders [first, last) as PostgreSQL int[] literals
// ("{1,1,2}"), in order: w_id, d_id, o_id.
struct LedgerArrays {
  std::string w_ids;
  std::string d_ids;
  std::string o_ids;
};
LedgerArrays ledger_arrays(std::vector<OrderKey>::const_iterator first,
                           std::vector<OrderKey>::const_iterator last);

// "acknowledged commits lost: 3 of 1204 (checked on 127.0.0.1:5433)".
std::string ledger_line(const LedgerFigures& ledger);

// "w 1 d 3 o 3012, w 2 d 1 o 3007": the orders listed.
std::string orders_text(const std::vector<OrderKey>& orders);

}  // namespace tpcc
