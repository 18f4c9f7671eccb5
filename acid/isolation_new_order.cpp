// 3.4.2.3 and 3.4.2.4: two New-Orders for the same district, the first
// committed or rolled back while the second waits.
#include "acid/isolation_support.hpp"

namespace tpcc::acid {

// 3.4.2.3 (T1 commits) and 3.4.2.4 (T1 rolls back): two New-Orders for the
// same district.
//  1. T1 New-Order, stopped immediately prior to COMMIT.
//  2. T2 New-Order for the same district (another customer): it waits.
//  3. T1 commits (3.4.2.3) or rolls back (3.4.2.4); T2 completes (retried
//     after a serialization failure at repeatable read or serializable).
//  4. T2's order number is T1's + 1 (3.4.2.3) or T1's (3.4.2.4), and
//     D_NEXT_O_ID is one greater than T2's order number.
AcidResult new_order_vs_new_order(AcidContext& context, bool commit) {
  AcidResult r{commit ? "3.4.2.3" : "3.4.2.4",
               commit ? "isolation test 3: New-Order vs New-Order committed"
                      : "isolation test 4: New-Order vs New-Order rolled back",
               false, ""};
  const CustomerKey k1 = context.pick_customer();
  CustomerKey k2 = context.pick_customer();
  k2.w_id = k1.w_id;
  k2.d_id = k1.d_id;
  const auto first = context.new_session();
  const auto second = context.new_session();
  const int next_before = next_o_id(context, k1.w_id, k1.d_id);

  first->set_commit_action(CommitAction::Hold);  // 1
  const int o1 = context.new_order(*first, context.new_order_input(k1)).o_id;
  first->set_commit_action(CommitAction::Commit);

  int retries = 0;
  const NewOrderInput input2 = context.new_order_input(k2);
  auto t2 = std::async(std::launch::async, [&] {
    return retried([&] { return context.new_order(*second, input2); }, retries).o_id;
  });
  const Waited waited = watch_or_release(t2, context, second->backend_pid(), *first);  // 2
  end_held_transaction(*first, commit);                                                // 3
  const int o2 = t2.get();
  const int next_after = next_o_id(context, k1.w_id, k1.d_id);

  const int o2_expected = commit ? o1 + 1 : o1;  // 4
  r.passed =
      waited == Waited::ForLock && o1 == next_before && o2 == o2_expected && next_after == o2 + 1;
  r.observed = "warehouse " + std::to_string(k1.w_id) + " district " + std::to_string(k1.d_id) +
               ": D_NEXT_O_ID was " + std::to_string(next_before) + "; T1 entered " +
               order_text(o1) + " and " + (commit ? "committed" : "rolled back") + "; T2 " +
               waited_text(waited) + retries_text(retries) + " and entered " + order_text(o2) +
               " (expected " + order_text(o2_expected) + "); D_NEXT_O_ID is " +
               std::to_string(next_after) + " (expected " + std::to_string(o2_expected + 1) + ")";
  return r;
}

}  // namespace tpcc::acid
