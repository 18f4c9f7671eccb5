#include "metrics/ledger.hpp"

#include <algorithm>
#include <tuple>

namespace tpcc {
namespace {

auto identity(const AcknowledgedOrder& o) {
  return std::tie(o.w_id, o.d_id, o.o_id, o.c_id, o.ol_cnt, o.first_i_id);
}

}  // namespace

bool operator==(const AcknowledgedOrder& a, const AcknowledgedOrder& b) {
  return identity(a) == identity(b);
}

bool operator<(const AcknowledgedOrder& a, const AcknowledgedOrder& b) {
  return identity(a) < identity(b);
}

std::vector<AcknowledgedOrder> sorted_orders(std::vector<AcknowledgedOrder> orders) {
  std::sort(orders.begin(), orders.end());
  return orders;
}

LedgerFigures ledger_counts(const std::vector<AcknowledgedOrder>& orders) {
  LedgerFigures figures;
  figures.acknowledged = static_cast<std::int64_t>(orders.size());
  figures.acknowledged_measured = std::count_if(
      orders.begin(), orders.end(), [](const AcknowledgedOrder& o) { return o.measured; });
  return figures;
}

LedgerArrays ledger_arrays(std::vector<AcknowledgedOrder>::const_iterator first,
                           std::vector<AcknowledgedOrder>::const_iterator last) {
  LedgerArrays arrays;
  std::string* columns[] = {&arrays.w_ids, &arrays.d_ids,   &arrays.o_ids,
                            &arrays.c_ids, &arrays.ol_cnts, &arrays.first_i_ids};
  for (std::string* column : columns) *column = "{";
  for (auto it = first; it != last; ++it) {
    const int values[] = {it->w_id, it->d_id, it->o_id, it->c_id, it->ol_cnt, it->first_i_id};
    for (std::size_t i = 0; i < std::size(columns); ++i) {
      if (it != first) *columns[i] += ',';
      *columns[i] += std::to_string(values[i]);
    }
  }
  for (std::string* column : columns) *column += "}";
  return arrays;
}

std::string ledger_line(const LedgerFigures& ledger) {
  if (!ledger.error.empty()) {
    return "acknowledged New-Order commits NOT CHECKED (" + std::to_string(ledger.acknowledged) +
           " acknowledged): " + ledger.error;
  }
  return "acknowledged New-Order commits lost: " + std::to_string(ledger.lost) + " of " +
         std::to_string(ledger.acknowledged) + " (checked on " + ledger.checked_on_host + ")";
}

std::string orders_text(const std::vector<AcknowledgedOrder>& orders) {
  std::string text;
  for (const AcknowledgedOrder& o : orders) {
    text += (text.empty() ? "" : ", ") + std::string("w ") + std::to_string(o.w_id) + " d " +
            std::to_string(o.d_id) + " o " + std::to_string(o.o_id) +
            (o.c_id != 0 ? " c " + std::to_string(o.c_id) : "");
  }
  return text;
}

}  // namespace tpcc
