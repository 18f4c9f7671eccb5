// 3.4.2.5 (Delivery committed) and 3.4.2.6 (Delivery rolled back):
// write-write conflicts of Payment and Delivery.
//  1. T1 Delivery for a randomly selected warehouse, stopped immediately
//     prior to COMMIT. It delivers the oldest new order of a district chosen
//     beforehand; that order's customer is the test's customer.
//  2. T2 Payment for that customer: it waits (both update the customer's
//     row; a second writer of a row waits for the first under every scheme).
//  3. T1 commits (3.4.2.5) or rolls back (3.4.2.6); T2 completes (at
//     repeatable read and serializable it is rolled back with a
//     serialization failure once T1 commits, and retried as a terminal
//     retries it).
//  4. C_BALANCE reflects both T1 and T2 (3.4.2.5: + the delivered order's
//     OL_AMOUNT, - the payment) or T2 only (3.4.2.6).
#include <string>

#include "acid/isolation_support.hpp"
#include "loader/field_types.hpp"
#include "spec/constants.hpp"

namespace tpcc::acid {
namespace {

// The order a Delivery of warehouse w_id delivers in district d_id: the
// district's oldest new order (2.7.4.2), 0 when it has none.
int oldest_new_order(AcidContext& context, int w_id, int d_id) {
  return static_cast<int>(
      context.number("select coalesce(min(no_o_id), 0) from bmsql_new_order where no_w_id = " +
                     std::to_string(w_id) + " and no_d_id = " + std::to_string(d_id)));
}

// The customer of an order and the sum of its OL_AMOUNT in cents, which a
// Delivery adds to C_BALANCE (2.7.4.2).
struct OrderToDeliver {
  CustomerKey customer;
  int o_id = 0;
  long long amount_cents = 0;
};

// A district of warehouse `w_id` with a new order, starting at a random one;
// o_id 0 when the warehouse has none.
OrderToDeliver order_to_deliver(AcidContext& context, const CustomerKey& start) {
  OrderToDeliver order;
  for (int n = 0; n < kDistrictsPerWarehouse && order.o_id == 0; ++n) {
    order.customer.w_id = start.w_id;
    order.customer.d_id = (start.d_id - 1 + n) % kDistrictsPerWarehouse + 1;
    order.o_id = oldest_new_order(context, order.customer.w_id, order.customer.d_id);
  }
  if (order.o_id == 0) return order;
  const std::string key = " where o_w_id = " + std::to_string(order.customer.w_id) +
                          " and o_d_id = " + std::to_string(order.customer.d_id) +
                          " and o_id = " + std::to_string(order.o_id);
  order.customer.c_id = static_cast<int>(context.number("select o_c_id from bmsql_oorder" + key));
  order.amount_cents = context.number(
      "select (coalesce(sum(ol_amount), 0) * 100)::bigint from bmsql_order_line where ol_w_id = " +
      std::to_string(order.customer.w_id) + " and ol_d_id = " +
      std::to_string(order.customer.d_id) + " and ol_o_id = " + std::to_string(order.o_id));
  return order;
}

long long balance_cents(AcidContext& context, const CustomerKey& k) {
  return context.number("select (c_balance * 100)::bigint from bmsql_customer where c_w_id = " +
                        std::to_string(k.w_id) + " and c_d_id = " + std::to_string(k.d_id) +
                        " and c_id = " + std::to_string(k.c_id));
}

}  // namespace

AcidResult payment_vs_delivery(AcidContext& context, bool commit) {
  AcidResult r{commit ? "3.4.2.5" : "3.4.2.6",
               commit ? "isolation test 5: Payment vs Delivery committed"
                      : "isolation test 6: Payment vs Delivery rolled back",
               false, ""};
  const OrderToDeliver order = order_to_deliver(context, context.pick_customer());
  const CustomerKey& k = order.customer;
  if (order.o_id == 0) {
    r.observed = "warehouse " + std::to_string(k.w_id) + " has no undelivered order to deliver";
    return r;
  }
  const auto deliverer = context.new_session();
  const auto payer = context.new_session();
  const long long balance_before = balance_cents(context, k);

  deliverer->set_commit_action(CommitAction::Hold);  // 1
  const DeliveryOutput delivered = context.delivery(*deliverer, k.w_id);
  deliverer->set_commit_action(CommitAction::Commit);
  const int delivered_o_id = delivered.o_id.at(static_cast<std::size_t>(k.d_id - 1));

  const long long paid = context.rng().uniform(100, 500000);  // 2.5.1.3
  int retries = 0;
  auto t2 = std::async(std::launch::async, [&] {
    return retried([&] { return context.payment(*payer, k, paid); }, retries).c_id;
  });
  const Waited waited = watch_or_release(t2, context, payer->backend_pid(), *deliverer);  // 2
  end_held_transaction(*deliverer, commit);                                               // 3
  t2.get();
  const long long balance_after = balance_cents(context, k);  // 4

  const long long expected = balance_before - paid + (commit ? order.amount_cents : 0);
  r.passed = waited == Waited::ForLock && delivered_o_id == order.o_id && balance_after == expected;
  r.observed =
      customer_text(k) + ": T1 delivered " + order_text(delivered_o_id) + " (expected " +
      order_text(order.o_id) + ", sum of OL_AMOUNT " + format_money(Money{order.amount_cents}) +
      ") and " + (commit ? "committed" : "rolled back") + "; T2 paid " + format_money(Money{paid}) +
      ", " + waited_text(waited) + retries_text(retries) + "; C_BALANCE was " +
      format_money(Money{balance_before}) + ", is " + format_money(Money{balance_after}) +
      " (expected " + format_money(Money{expected}) + (commit ? ": T1 and T2" : ": T2 only") + ")";
  return r;
}

}  // namespace tpcc::acid
