// 3.4.2.8 Isolation Test 8: phantom protection between a Delivery and a
// New-Order.
//  1. Remove every row of a random warehouse and district from NEW-ORDER.
//  2. T1 Delivery for that warehouse, 3. stopped after reading NEW-ORDER for
//     the district: no qualifying row.
//  4. T2 New-Order for the same warehouse and district.
//     Case A, T2 stalls: T1 repeats its read, still finds no row, commits;
//     T2 completes. Case B, T2 does not stall: T2 commits; T1 repeats its
//     read, still finds no row, commits.
// Step 1 delivers the district's orders with the kit's own statement for a
// district's delivery, so that the database stays consistent (3.3.2.5 and
// 3.3.2.7 tie O_CARRIER_ID and OL_DELIVERY_D to the NEW-ORDER rows, 3.3.2.10
// C_BALANCE to the delivered OL_AMOUNT). The kit's Delivery reads each
// district's NEW-ORDER in one statement and reads it once, so T1 can only be
// stopped with its COMMIT held back, and "repeats its read" only with
// split_reading_transaction (test only): T1 then runs the kit's Delivery a
// second time in the same transaction. At read committed that second read
// has a snapshot of its own, finds T2's order (a phantom, and delivers it),
// and the test fails.
#include <string>

#include "acid/isolation_support.hpp"

namespace tpcc::acid {
namespace {

int new_order_rows(AcidContext& context, int w_id, int d_id) {
  return static_cast<int>(context.number(
      "select count(*) from bmsql_new_order where no_w_id = " + std::to_string(w_id) +
      " and no_d_id = " + std::to_string(d_id)));
}

// Step 1: delivers every undelivered order of the district in one
// transaction; returns how many.
int deliver_district(AcidContext& context, int w_id, int d_id) {
  const int rows = new_order_rows(context, w_id, d_id);
  Session session(context.options().conninfo);
  prepare_delivery_statements(session);
  session.queue_command(begin_command(Isolation::ReadCommitted, false));
  const int carrier_id = static_cast<int>(context.rng().uniform(1, 10));  // 2.7.1.2
  for (int n = 0; n < rows; ++n) queue_district_delivery(session, w_id, d_id, carrier_id);
  session.queue_command("commit");
  session.flush();
  return rows;
}

int district_o_id(const DeliveryOutput& out, int d_id) {
  return out.o_id.at(static_cast<std::size_t>(d_id - 1));
}

}  // namespace

AcidResult delivery_phantom(AcidContext& context) {
  AcidResult r{"3.4.2.8", "isolation test 8: Delivery vs New-Order phantom", false, ""};
  const bool split = context.options().split_reading_transaction;
  const CustomerKey k = context.pick_customer();
  const int delivered = deliver_district(context, k.w_id, k.d_id);  // 1
  const int left = new_order_rows(context, k.w_id, k.d_id);
  const auto deliverer = context.new_session();
  const auto writer = context.new_session();

  deliverer->set_commit_action(CommitAction::Hold);  // 2, 3
  const int first_read = district_o_id(context.delivery(*deliverer, k.w_id), k.d_id);

  const NewOrderInput input2 = context.new_order_input(k);  // 4
  auto t2 = std::async(std::launch::async, [&] { return context.new_order(*writer, input2).o_id; });
  const Waited waited = watch_or_release(t2, context, writer->backend_pid(), *deliverer);
  int o2 = 0;
  if (waited == Waited::No) o2 = t2.get();  // 5B
  // 5A, 6B: T1 repeats its read (a second Delivery in the same transaction).
  const int second_read = split && waited != Waited::Timeout
                              ? district_o_id(context.delivery(*deliverer, k.w_id), k.d_id)
                              : first_read;
  deliverer->set_commit_action(CommitAction::Commit);
  int t1_retries = 0;
  bool t1_committed = true;
  try {
    end_held_transaction(*deliverer, waited != Waited::Timeout);  // 7A, 8B
  } catch (const RetryableError&) {
    // Serializable: the data manager may roll T1 back instead; a terminal
    // runs the Delivery again, as a transaction of its own.
    t1_committed = false;
    retried([&] { return context.delivery(*deliverer, k.w_id); }, t1_retries);
  }
  if (waited != Waited::No) o2 = t2.get();  // 8A

  r.passed =
      waited != Waited::Timeout && left == 0 && first_read == 0 && second_read == 0 && o2 > 0;
  r.observed = district_text(k.w_id, k.d_id) + ": step 1 delivered " + std::to_string(delivered) +
               " order(s), " + std::to_string(left) + " left in NEW-ORDER; T1 Delivery found " +
               order_text(first_read) + " for the district; T2 New-Order " + waited_text(waited) +
               " and entered " + order_text(o2) + "; T1 " +
               (split ? "read NEW-ORDER again in a second Delivery: " + order_text(second_read)
                      : std::string("read NEW-ORDER once, in one statement,")) +
               (second_read == 0 ? "" : " (a phantom: expected no order)") +
               (t1_committed ? " and committed"
                             : " and was rolled back by the data manager, then run again" +
                                   retries_text(t1_retries));
  return r;
}

}  // namespace tpcc::acid
