#include "metrics/ledger.hpp"

#include <algorithm>
#include <tuple>

namespace tpcc {

bool operator==(const OrderKey& a, const OrderKey& b) {
  return a.w_id == b.w_id && a.d_id == b.d_id && a.o_id == b.o_id;
}

bool operator<(const OrderKey& a, const OrderKey& b) {
  return std::tie(a.w_id, a.d_id, a.o_id) < std::tie(b.w_id, b.d_id, b.o_id);
}

std::vector<OrderKey> sorted_orders(std::vector<OrderKey> orders) {
  std::sort(orders.begin(), orders.end());
  orders.erase(std::unique(orders.begin(), orders.end()), orders.end());
  return orders;
}

LedgerArrays ledger_arrays(std::vector<OrderKey>::const_iterator first,
                           std::vector<OrderKey>::const_iterator last) {
  LedgerArrays arrays{"{", "{", "{"};
  for (auto it = first; it != last; ++it) {
    const char* comma = it == first ? "" : ",";
    arrays.w_ids += comma + std::to_string(it->w_id);
    arrays.d_ids += comma + std::to_string(it->d_id);
    arrays.o_ids += comma + std::to_string(it->o_id);
  }
  arrays.w_ids += "}";
  arrays.d_ids += "}";
  arrays.o_ids += "}";
  return arrays;
}

std::string ledger_line(const LedgerFigures& ledger) {
  if (!ledger.error.empty()) {
    return "acknowledged commits NOT CHECKED (" + std::to_string(ledger.acknowledged) +
           " acknowledged): " + ledger.error;
  }
  return "acknowledged commits lost: " + std::to_string(ledger.lost) + " of " +
         std::to_string(ledger.acknowledged) + " (checked on " + ledger.checked_on_host + ")";
}

std::string orders_text(const std::vector<OrderKey>& orders) {
  std::string text;
  for (const OrderKey& o : orders) {
    text += (text.empty() ? "" : ", ") + std::string("w ") + std::to_string(o.w_id) + " d " +
            std::to_string(o.d_id) + " o " + std::to_string(o.o_id);
  }
  return text;
}

}  // namespace tpcc
