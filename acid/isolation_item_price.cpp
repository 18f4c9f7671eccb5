// 3.4.2.7 Isolation Test 7: repeatable reads of item prices by a New-Order
// while another transaction raises them.
//  1. T1 reads I_PRICE of two random items x and y and commits.
//  2. T2 New-Order with item x twice and item y, stopped after reading the
//     price of x the first time and before reading x the second time and y.
//  3. T3 raises the prices of x and y by 10 percent.
//  4. Cases A (T3 stalls), B (T2 is rolled back), C (T3 is rolled back) and
//     D (nothing stalls or rolls back): T2 continues; its second reads must
//     match T1's; T4 then reads T3's prices (T1's in case C)
//     (item_price_cases.hpp judges).
// The kit's New-Order reads every item of the order in one statement, one
// snapshot, so T2 can only be stopped after that statement, with its COMMIT
// held back; its second read of x and its read of y are the lines of that
// statement. One run gives two results: the kit's one-statement read
// (protected by the statement's snapshot, the argument 3.4.2 allows a
// non-locking scheme), and the clause's read again, run for real: T2 reads
// x and y in a second statement of its transaction after T3. At read
// committed that statement has a snapshot of its own and sees T3's prices
// (FAIL, "an unrepeatable read"); at repeatable read and serializable the
// transaction's snapshot repeats T1's prices (PASS).
// T3 is one round trip (BEGIN, update, COMMIT): when it does not stall it
// has committed before T2 continues, the order of case D; case B's clause
// commits T3 only after T2's rollback, which a data manager that rolls T2
// back for T3's write reports at T2's next read or its COMMIT either way.
// The test sets the two prices back to T1's values at the end.
#include <pqxx/nontransaction>
#include <string>

#include "acid/isolation_support.hpp"
#include "acid/item_price_cases.hpp"
#include "loader/field_types.hpp"
#include "spec/constants.hpp"

namespace tpcc::acid {
namespace {

// I_PRICE of one item, in cents; $1 I_ID.
constexpr const char* kItemPriceStatement = "acid_item_price";
constexpr const char* kItemPriceSql =
    "select (i_price * 100)::bigint from bmsql_item where i_id = $1";

// 3.4.2.7 step 4, T3: "increase the price of items x and y by 10 percent";
// I_PRICE has two decimals. $1, $2 the items.
constexpr const char* kRaisePriceStatement = "acid_raise_price";
constexpr const char* kRaisePriceSql =
    "update bmsql_item set i_price = round(i_price * 1.10, 2) where i_id in ($1, $2) "
    "returning i_id, (i_price * 100)::bigint";

struct Items {
  int x = 0;
  int y = 0;
};

// Reads x and y on `session`: as a transaction of its own (T1, T4), or as
// statements of the transaction the session holds open (T2's second read).
ItemPrices read_prices(Session& session, const Items& items, Isolation isolation,
                       bool own_transaction) {
  if (own_transaction) session.queue_command(begin_command(isolation, true));
  session.queue(kItemPriceStatement, Params{}.add(items.x));
  session.queue(kItemPriceStatement, Params{}.add(items.y));
  if (own_transaction) session.queue_command("commit");
  const std::vector<QueryResult> results = session.flush();
  const std::size_t first = own_transaction ? 1 : 0;
  return {results.at(first).as_int64(0, 0), results.at(first + 1).as_int64(0, 0)};
}

// T3's outcome: the prices it set, or rolled back by the data manager.
struct PriceRaise {
  bool rolled_back = false;
  ItemPrices set;
};

PriceRaise raise_prices(Session& session, const Items& items, Isolation isolation) {
  PriceRaise raise;
  session.queue_command(begin_command(isolation, false));
  session.queue(kRaisePriceStatement, Params{}.add(items.x).add(items.y));
  session.queue_command("commit");
  try {
    const std::vector<QueryResult> results = session.flush();
    const QueryResult& rows = results.at(1);
    for (int row = 0; row < rows.rows(); ++row) {
      (rows.as_int(row, 0) == items.x ? raise.set.x : raise.set.y) = rows.as_int64(row, 1);
    }
  } catch (const RetryableError&) {
    raise.rolled_back = true;
  }
  return raise;
}

// Commits T2; false when the data manager rolls it back instead (case B).
bool commit_survives(Session& session) {
  try {
    end_held_transaction(session, true);
    return true;
  } catch (const RetryableError&) {
    return false;
  }
}

void restore_prices(AcidContext& context, const Items& items, const ItemPrices& prices) {
  pqxx::nontransaction tx(context.monitor());
  for (const auto& [i_id, cents] : {std::pair{items.x, prices.x}, std::pair{items.y, prices.y}}) {
    tx.exec("update bmsql_item set i_price = " + format_money(Money{cents}) +
            " where i_id = " + std::to_string(i_id));
  }
}

std::string items_text(const Items& items) {
  return "items x " + std::to_string(items.x) + " and y " + std::to_string(items.y);
}

}  // namespace

std::vector<AcidResult> item_price_repeatable_read(AcidContext& context) {
  const std::string name = "isolation test 7: New-Order reads item prices while they change";
  AcidResult kit{"3.4.2.7", name + ", " + kOneStatementRead, false, ""};
  AcidResult again{"3.4.2.7", name + ", " + read_again_name(context), false, ""};
  const Isolation isolation = context.options().isolation;
  Items items;
  items.x = static_cast<int>(context.rng().uniform(1, kItems));
  do {
    items.y = static_cast<int>(context.rng().uniform(1, kItems));
  } while (items.y == items.x);

  Session reader(context.options().conninfo);
  reader.prepare(kItemPriceStatement, kItemPriceSql);
  ItemPriceRun run;
  run.t1 = read_prices(reader, items, isolation, true);  // 1

  NewOrderInput input = context.new_order_input(context.pick_customer());  // 2
  input.lines.at(0).i_id = items.x;
  input.lines.at(1).i_id = items.x;
  input.lines.at(2).i_id = items.y;
  const auto writer = context.new_session();
  writer->prepare(kItemPriceStatement, kItemPriceSql);
  writer->set_commit_action(CommitAction::Hold);
  const NewOrderOutput order = context.new_order(*writer, input);
  writer->set_commit_action(CommitAction::Commit);

  Session raiser(context.options().conninfo);  // 3
  raiser.prepare(kRaisePriceStatement, kRaisePriceSql);
  auto t3 = std::async(std::launch::async, [&] { return raise_prices(raiser, items, isolation); });
  const Waited waited = watch_or_release(t3, context, raiser.backend_pid(), *writer);
  if (waited == Waited::Timeout) {
    end_held_transaction(*writer, false);
    const PriceRaise late = t3.get();
    if (!late.rolled_back) restore_prices(context, items, run.t1);
    kit.observed = again.observed = items_text(items) + ": T3 " + waited_text(waited);
    return {kit, again};
  }
  run.t3_stalled = waited == Waited::ForLock;
  PriceRaise raise;
  if (!run.t3_stalled) raise = t3.get();  // cases B, C, D: T3 ended first
  // 4: T2 continues: x the second time and y, as the kit's statement read
  // them and as a second statement of the same transaction reads them now.
  const ItemPrices in_statement{order.lines.at(1).i_price_cents, order.lines.at(2).i_price_cents};
  const ItemPrices read_again = read_prices(*writer, items, isolation, false);
  run.t2_rolled_back = !commit_survives(*writer);
  if (run.t3_stalled) raise = t3.get();  // case A: T3 completes after T2
  run.t3_rolled_back = raise.rolled_back;
  run.t3_set = raise.set;
  run.t4 = read_prices(reader, items, isolation, true);
  if (!raise.rolled_back) restore_prices(context, items, run.t1);

  const std::string t1 = items_text(items) + ", T1 read " + format_money(Money{run.t1.x}) +
                         " and " + format_money(Money{run.t1.y}) + "; T2 " +
                         order_text(order.o_id) + " ";
  run.t2_second = in_statement;
  const ItemPriceVerdict one = judge_item_price_run(run);
  kit.passed = one.passed;
  kit.observed = t1 + "read x twice and y in its one item statement (" + kOneStatementArgument +
                 "); " + one.observed;
  run.t2_second = read_again;
  const ItemPriceVerdict two = judge_item_price_run(run);
  again.passed = two.passed;
  again.observed =
      t1 + "read x and y again in a second statement of its transaction; " + two.observed;
  return {kit, again};
}

}  // namespace tpcc::acid
