// The acknowledged-commit ledger of a failover run (--failover): every
// New-Order whose COMMIT the server acknowledged, checked after the run on
// the surviving primary. An acknowledged order missing there is a commit
// the failover lost: their count is the run's RPO in transactions.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tpcc {

// One New-Order the server acknowledged, by what identifies that
// transaction and no later one: its key in ORDER (2.4.2.2), the customer
// and line count it wrote there, and the item of its first ORDER-LINE. A
// failover that loses the order hands its O_ID to the next New-Order of the
// district on the new primary; that order matches the key, but its
// customer (1 of 3000), line count (1 of 11) and first item (1 of 100000)
// match only by a chance of about 3 in 10^10, so a reused key is no alibi.
// Every acknowledged commit is one entry: none is merged with another.
struct AcknowledgedOrder {
  std::int32_t w_id = 0;
  std::int32_t d_id = 0;
  std::int32_t o_id = 0;  // 0: no order (not a committed New-Order)
  std::int32_t c_id = 0;
  std::int32_t first_i_id = 0;
  std::int16_t ol_cnt = 0;
  bool measured = false;  // committed in the measured interval
};

bool operator==(const AcknowledgedOrder& a, const AcknowledgedOrder& b);
bool operator<(const AcknowledgedOrder& a, const AcknowledgedOrder& b);

// How many lost orders the summary, the page and result.json list.
inline constexpr std::size_t kLostOrdersListed = 10;

// What the check after the run found ("ledger" in result.json).
struct LedgerFigures {
  // New-Order commits the server acknowledged during the run: warm-up and
  // after the end included, each one a commit that must survive.
  std::int64_t acknowledged = 0;
  // Of them, those in the measured interval: the summary's committed
  // New-Orders (-1: a result written before the ledger counted them).
  std::int64_t acknowledged_measured = -1;
  std::int64_t lost = 0;                       // of them, missing on the surviving primary
  std::string checked_on_host;                 // host:port the check ran on
  std::vector<AcknowledgedOrder> lost_orders;  // the first kLostOrdersListed, in key order
  // Not empty when the check could not run (no primary reachable): the
  // ledger then proves nothing and the run fails.
  std::string error;
};

// The acknowledged orders in key order; every entry kept.
std::vector<AcknowledgedOrder> sorted_orders(std::vector<AcknowledgedOrder> orders);

// The figures' counts of `orders`, before any check.
LedgerFigures ledger_counts(const std::vector<AcknowledgedOrder>& orders);

// The columns of orders [first, last) as PostgreSQL int[] literals
// ("{1,1,2}"), in order.
struct LedgerArrays {
  std::string w_ids;
  std::string d_ids;
  std::string o_ids;
  std::string c_ids;
  std::string ol_cnts;
  std::string first_i_ids;
};
LedgerArrays ledger_arrays(std::vector<AcknowledgedOrder>::const_iterator first,
                           std::vector<AcknowledgedOrder>::const_iterator last);

// "acknowledged New-Order commits lost: 3 of 1204 (checked on 127.0.0.1:5433)".
std::string ledger_line(const LedgerFigures& ledger);

// "w 1 d 3 o 3012 c 17, w 2 d 1 o 3007 c 2290": the orders listed (the
// customer when known).
std::string orders_text(const std::vector<AcknowledgedOrder>& orders);

}  // namespace tpcc
