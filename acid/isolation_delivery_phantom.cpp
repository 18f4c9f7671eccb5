// 3.4.2.8 Isolation Test 8: phantom protection between a Delivery and a
// New-Order.
//  1. Remove every row of a random warehouse and district from NEW-ORDER.
//  2. T1 Delivery for that warehouse, 3. stopped after reading NEW-ORDER for
//     the district: no qualifying row.
//  4. T2 New-Order for the same warehouse and district.
//     Case A, T2 stalls: T1 repeats its read, still finds no row, commits;
//     T2 completes. Case B, T2 does not stall: T2 commits; T1 repeats its
//     read, still finds no row, commits.
// Step 1 moves the district's rows out of it and the test puts them back
// at the end, so that NEW-ORDER is left as it was found (plus T2's order):
// without foreign keys the rows are relabelled to a district number no
// transaction reads (D_ID + kParkedDistrictOffset), with --foreign-keys
// (which forbid a NEW-ORDER row without its ORDER) they are parked in a
// temporary table of the monitor session and deleted, then inserted back.
// The kit's Delivery reads each district's NEW-ORDER in one statement and
// reads it once, so T1 can only be stopped with its COMMIT held back. Two
// results (isolation_support.hpp): that statement's read, and the
// clause's repeated read run for real as a second statement of T1's
// transaction, which finds T2's order at read committed (FAIL, a phantom)
// and not at repeatable read or serializable.
#include <pqxx/pqxx>
#include <string>

#include "acid/isolation_support.hpp"

namespace tpcc::acid {
namespace {

// Relabelled rows get D_ID + this: outside the 10 districts of 4.3.3.1,
// so no Delivery or New-Order reads them, yet in the same warehouse (and
// warehouse partition).
constexpr int kParkedDistrictOffset = 100;

// Whether NEW-ORDER has a foreign key (--foreign-keys): a relabelled row
// would then have no ORDER.
constexpr const char* kNewOrderForeignKeysSql =
    "select count(*) from pg_constraint "
    "where conrelid = 'bmsql_new_order'::regclass and contype = 'f'";

// 3.4.2.8 step 5, T1 "repeating the read of the NEW-ORDER table for the
// selected district": its oldest undelivered order, as Delivery finds it
// (2.7.4.2), 0 for none. $1 W, $2 D.
constexpr const char* kOldestNewOrderStatement = "acid_oldest_new_order";
constexpr const char* kOldestNewOrderSql =
    "select coalesce(min(no_o_id), 0) from bmsql_new_order where no_w_id = $1 and no_d_id = $2";

std::string where_district(int w_id, int d_id) {
  return " where no_w_id = " + std::to_string(w_id) + " and no_d_id = " + std::to_string(d_id);
}

// The district's NEW-ORDER rows, as their order numbers in order: "2101,...".
std::string new_order_rows(AcidContext& context, int w_id, int d_id) {
  pqxx::nontransaction tx(context.monitor());
  const pqxx::row row = tx.exec1(
      "select coalesce(string_agg(no_o_id::text, ',' order by no_o_id), '') "
      "from bmsql_new_order" +
      where_district(w_id, d_id));
  return row[0].as<std::string>();
}

int new_order_count(AcidContext& context, int w_id, int d_id) {
  return static_cast<int>(
      context.number("select count(*) from bmsql_new_order" + where_district(w_id, d_id)));
}

// Step 1 and its undoing: the district's NEW-ORDER rows moved out of it,
// and back when this ends (on an error too, as far as the server lets).
class MovedOut {
 public:
  MovedOut(AcidContext& context, int w_id, int d_id) : context_(context), w_id_(w_id), d_id_(d_id) {
    parked_ = context.number(kNewOrderForeignKeysSql) > 0;
    pqxx::work tx(context.monitor());
    if (parked_) {
      tx.exec("create temporary table acid_parked_new_order as select * from bmsql_new_order" +
              where_district(w_id, d_id));
      tx.exec("delete from bmsql_new_order" + where_district(w_id, d_id));
    } else {
      tx.exec("update bmsql_new_order set no_d_id = no_d_id + " +
              std::to_string(kParkedDistrictOffset) + where_district(w_id, d_id));
    }
    tx.commit();
  }
  ~MovedOut() {
    try {
      restore();
    } catch (...) {
      // An error already on its way; the restore's own failure would hide it.
    }
  }
  MovedOut(const MovedOut&) = delete;
  MovedOut& operator=(const MovedOut&) = delete;

  const char* how() const { return parked_ ? "parked and deleted" : "relabelled"; }

  void restore() {
    if (restored_) return;
    restored_ = true;
    pqxx::work tx(context_.monitor());
    if (parked_) {
      tx.exec("insert into bmsql_new_order select * from acid_parked_new_order");
      tx.exec("drop table acid_parked_new_order");
    } else {
      tx.exec("update bmsql_new_order set no_d_id = no_d_id - " +
              std::to_string(kParkedDistrictOffset) +
              where_district(w_id_, d_id_ + kParkedDistrictOffset));
    }
    tx.commit();
  }

 private:
  AcidContext& context_;
  int w_id_;
  int d_id_;
  bool parked_ = false;
  bool restored_ = false;
};

int district_o_id(const DeliveryOutput& out, int d_id) {
  return out.o_id.at(static_cast<std::size_t>(d_id - 1));
}

}  // namespace

std::vector<AcidResult> delivery_phantom(AcidContext& context) {
  const std::string name = "isolation test 8: Delivery vs New-Order phantom";
  AcidResult kit{"3.4.2.8", name + ", " + kOneStatementRead, false, ""};
  AcidResult again{"3.4.2.8", name + ", " + read_again_name(context), false, ""};
  const CustomerKey k = context.pick_customer();
  const std::string found = new_order_rows(context, k.w_id, k.d_id);
  const int moved = new_order_count(context, k.w_id, k.d_id);
  MovedOut out(context, k.w_id, k.d_id);  // 1
  const int left = new_order_count(context, k.w_id, k.d_id);
  const auto deliverer = context.new_session();
  deliverer->prepare(kOldestNewOrderStatement, kOldestNewOrderSql);
  const auto writer = context.new_session();

  deliverer->set_commit_action(CommitAction::Hold);  // 2, 3
  const int first_read = district_o_id(context.delivery(*deliverer, k.w_id), k.d_id);
  deliverer->set_commit_action(CommitAction::Commit);

  const NewOrderInput input2 = context.new_order_input(k);  // 4
  auto t2 = std::async(std::launch::async, [&] { return context.new_order(*writer, input2).o_id; });
  const Waited waited = watch_or_release(t2, context, writer->backend_pid(), *deliverer);
  int o2 = 0;
  if (waited == Waited::No) o2 = t2.get();  // 5B
  // 5A, 6B: T1 repeats its read of NEW-ORDER for the district.
  const int second_read = read_again(*deliverer, kOldestNewOrderStatement,
                                     Params{}.add(k.w_id).add(k.d_id), waited, first_read);
  bool t1_committed = true;
  try {
    end_held_transaction(*deliverer, waited != Waited::Timeout);  // 7A, 8B
  } catch (const RetryableError&) {
    // Serializable: the data manager may roll T1 back instead; its work is
    // undone, and running it again would deliver T2's order.
    t1_committed = false;
  }
  if (waited != Waited::No) o2 = t2.get();  // 8A
  out.restore();
  const std::string after = new_order_rows(context, k.w_id, k.d_id);
  const std::string expected =
      o2 > 0 ? (found.empty() ? "" : found + ",") + std::to_string(o2) : found;
  const bool as_found = after == expected;

  const bool ran = waited != Waited::Timeout && left == 0 && first_read == 0 && o2 > 0;
  const std::string seen = district_text(k.w_id, k.d_id) + ": step 1 " + out.how() + " its " +
                           std::to_string(moved) + " NEW-ORDER row(s), " + std::to_string(left) +
                           " left; T1 Delivery found " + order_text(first_read) +
                           " for the district; T2 New-Order " + waited_text(waited) +
                           " and entered " + order_text(o2) + "; T1 ";
  const std::string end =
      (t1_committed ? std::string(" and committed") : " and was rolled back by the data manager") +
      "; NEW-ORDER " +
      (as_found ? "as found, plus T2's order"
                : "not as found: " + std::to_string(moved) + " row(s) were there, now " +
                      std::to_string(new_order_count(context, k.w_id, k.d_id)) +
                      " (expected those and T2's order)");
  kit.passed = ran && as_found;
  kit.observed =
      seen + "read NEW-ORDER once, in one statement (" + kOneStatementArgument + ")" + end;
  again.passed = ran && as_found && second_read == 0;
  again.observed = seen + "read NEW-ORDER again in its transaction: " + order_text(second_read) +
                   (second_read == 0 ? "" : " (a phantom: expected no order)") + end;
  return {kit, again};
}

}  // namespace tpcc::acid
