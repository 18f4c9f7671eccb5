// 3.2.2 Atomicity tests: a Payment that commits changes the warehouse,
// district and customer (and adds a HISTORY row); the same Payment with a
// ROLLBACK substituted for its COMMIT changes nothing.
#include <sstream>

#include "acid/acid_context.hpp"

namespace tpcc::acid {
namespace {

// What a Payment touches (2.5.2.2), money in cents.
struct PaymentRows {
  long long w_ytd = 0;
  long long d_ytd = 0;
  long long c_balance = 0;
  long long c_ytd_payment = 0;
  long long c_payment_cnt = 0;
  long long history_rows = 0;
};

PaymentRows read_rows(AcidContext& context, const CustomerKey& k) {
  const std::string w = std::to_string(k.w_id);
  const std::string d = std::to_string(k.d_id);
  const std::string c = std::to_string(k.c_id);
  PaymentRows rows;
  rows.w_ytd =
      context.number("select (w_ytd * 100)::bigint from bmsql_warehouse where w_id = " + w);
  rows.d_ytd = context.number(
      "select (d_ytd * 100)::bigint from bmsql_district where d_w_id = " + w + " and d_id = " + d);
  const std::string customer =
      " from bmsql_customer where c_w_id = " + w + " and c_d_id = " + d + " and c_id = " + c;
  rows.c_balance = context.number("select (c_balance * 100)::bigint" + customer);
  rows.c_ytd_payment = context.number("select (c_ytd_payment * 100)::bigint" + customer);
  rows.c_payment_cnt = context.number("select c_payment_cnt" + customer);
  rows.history_rows = context.number("select count(*) from bmsql_history where h_c_w_id = " + w +
                                     " and h_c_d_id = " + d + " and h_c_id = " + c);
  return rows;
}

std::string money(long long cents) {
  std::ostringstream out;
  out << (cents < 0 ? "-" : "+") << (cents < 0 ? -cents : cents) / 100 << '.'
      << ((cents < 0 ? -cents : cents) % 100 < 10 ? "0" : "") << (cents < 0 ? -cents : cents) % 100;
  return out.str();
}

std::string changes(const PaymentRows& before, const PaymentRows& after) {
  return "W_YTD " + money(after.w_ytd - before.w_ytd) + ", D_YTD " +
         money(after.d_ytd - before.d_ytd) + ", C_BALANCE " +
         money(after.c_balance - before.c_balance) + ", C_YTD_PAYMENT " +
         money(after.c_ytd_payment - before.c_ytd_payment) + ", C_PAYMENT_CNT +" +
         std::to_string(after.c_payment_cnt - before.c_payment_cnt) + ", HISTORY rows +" +
         std::to_string(after.history_rows - before.history_rows);
}

std::string who(const CustomerKey& k, long long cents) {
  return "customer " + std::to_string(k.c_id) + " of warehouse " + std::to_string(k.w_id) +
         " district " + std::to_string(k.d_id) + " pays " + money(cents).substr(1) + ": ";
}

// 3.2.2.1 the Payment commits; every row moves by the amount.
AcidResult committed_payment(AcidContext& context, Session& session) {
  const CustomerKey k = context.pick_customer();
  const long long cents = context.rng().uniform(100, 500000);  // 2.5.1.3
  const PaymentRows before = read_rows(context, k);
  context.payment(session, k, cents);
  const PaymentRows after = read_rows(context, k);
  AcidResult r{"3.2.2.1", "atomicity: Payment committed", false, ""};
  r.passed = after.w_ytd == before.w_ytd + cents && after.d_ytd == before.d_ytd + cents &&
             after.c_balance == before.c_balance - cents &&
             after.c_ytd_payment == before.c_ytd_payment + cents &&
             after.c_payment_cnt == before.c_payment_cnt + 1 &&
             after.history_rows == before.history_rows + 1;
  r.observed = who(k, cents) + changes(before, after) +
               (r.passed ? "" : " (expected every row to move by the amount)");
  return r;
}

// 3.2.2.2 the same Payment, its COMMIT replaced by ROLLBACK (Session
// CommitAction::Rollback): nothing changes. The statement itself ran: it
// returned the customer's row.
AcidResult rolled_back_payment(AcidContext& context, Session& session) {
  const CustomerKey k = context.pick_customer();
  const long long cents = context.rng().uniform(100, 500000);
  const PaymentRows before = read_rows(context, k);
  session.set_commit_action(CommitAction::Rollback);
  PaymentOutput shown;
  try {
    shown = context.payment(session, k, cents);
  } catch (...) {
    session.set_commit_action(CommitAction::Commit);
    throw;
  }
  session.set_commit_action(CommitAction::Commit);
  const PaymentRows after = read_rows(context, k);
  AcidResult r{"3.2.2.2", "atomicity: Payment rolled back", false, ""};
  const bool ran = shown.c_id == k.c_id;
  const bool unchanged =
      after.w_ytd == before.w_ytd && after.d_ytd == before.d_ytd &&
      after.c_balance == before.c_balance && after.c_ytd_payment == before.c_ytd_payment &&
      after.c_payment_cnt == before.c_payment_cnt && after.history_rows == before.history_rows;
  r.passed = ran && unchanged;
  r.observed = who(k, cents) + "ROLLBACK for COMMIT; " + changes(before, after) +
               (ran ? "" : " (the Payment did not return its customer)") +
               (unchanged ? "" : " (expected no change)");
  return r;
}

}  // namespace

std::vector<AcidResult> atomicity_tests(AcidContext& context) {
  const auto session = context.new_session();
  std::vector<AcidResult> results;
  results.push_back(committed_payment(context, *session));
  results.push_back(rolled_back_payment(context, *session));
  return results;
}

}  // namespace tpcc::acid
