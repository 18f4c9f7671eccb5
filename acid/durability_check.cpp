// 3.5.3: every transaction logged as committed is looked for after
// recovery, each kind in one statement: the keys go in as arrays and the
// ones the database lacks come back.
#include <pqxx/pqxx>

#include "acid/durability_log.hpp"

namespace tpcc::acid {
namespace {

// $1..$5 W, D, O, C, OL_CNT: orders absent, or present with another
// customer or line count (the number of a rolled-back order is reused).
constexpr const char* kMissingOrdersSql = R"(
select k.w, k.d, k.o
  from unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::int[]) as k(w, d, o, c, ol_cnt)
 where not exists (select 1 from bmsql_oorder
                    where o_w_id = k.w and o_d_id = k.d and o_id = k.o
                      and o_c_id = k.c and o_ol_cnt = k.ol_cnt)
 order by 1, 2, 3)";

// $1..$6 C_W_ID, C_D_ID, C_ID, W_ID, D_ID, H_AMOUNT in cents; $7 the start. The
// same customer may pay the same amount twice: logged and stored rows are
// counted per key, and a key with fewer rows than logs is missing.
constexpr const char* kMissingPaymentsSql = R"(
with logged as (
  select cw, cd, c, w, d, amount, count(*) as n
    from unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::int[], $6::bigint[])
         as k(cw, cd, c, w, d, amount)
   group by cw, cd, c, w, d, amount
), stored as (
  select h_c_w_id as cw, h_c_d_id as cd, h_c_id as c, h_w_id as w, h_d_id as d,
         (h_amount * 100)::bigint as amount, count(*) as n
    from bmsql_history
   where h_date >= $7::timestamp
   group by 1, 2, 3, 4, 5, 6
)
select l.cw, l.cd, l.c, l.w, l.d, (l.amount / 100.0)::numeric(12, 2)::text,
       l.n - coalesce(s.n, 0) as lost
  from logged l left join stored s using (cw, cd, c, w, d, amount)
 where l.n > coalesce(s.n, 0)
 order by 1, 2, 3, 4, 5, 6)";

// $1 Delivery number, $2..$5 W, D, O, carrier: delivered orders without
// that carrier.
constexpr const char* kMissingDeliveriesSql = R"(
select k.n, k.w, k.d, k.o, k.carrier
  from unnest($1::bigint[], $2::int[], $3::int[], $4::int[], $5::int[]) as k(n, w, d, o, carrier)
 where not exists (select 1 from bmsql_oorder
                    where o_w_id = k.w and o_d_id = k.d and o_id = k.o
                      and o_carrier_id = k.carrier)
 order by 1, 2, 3, 4)";

template <typename Key, typename Field>
std::string array_of(const std::vector<Key>& keys, Field field) {
  std::string out = "{";
  for (const Key& k : keys) out += (out.size() > 1 ? "," : "") + field(k);
  return out + "}";
}

std::string slash(int a, int b, int c) {
  return std::to_string(a) + "/" + std::to_string(b) + "/" + std::to_string(c);
}

}  // namespace

void CommitLog::append(const CommitLog& other) {
  new_orders.insert(new_orders.end(), other.new_orders.begin(), other.new_orders.end());
  payments.insert(payments.end(), other.payments.begin(), other.payments.end());
  for (DeliveredKey k : other.delivered) {
    k.delivery += deliveries;  // numbered per terminal: renumbered after this log's
    delivered.push_back(k);
  }
  deliveries += other.deliveries;
}

LogCheck check_commit_log(pqxx::connection& connection, const CommitLog& log,
                          const std::string& since) {
  pqxx::nontransaction tx(connection);
  LogCheck check;
  const auto& no = log.new_orders;
  const auto i = [](int v) { return std::to_string(v); };
  for (const auto& row : tx.exec_params(
           kMissingOrdersSql, array_of(no, [&](const NewOrderKey& k) { return i(k.w_id); }),
           array_of(no, [&](const NewOrderKey& k) { return i(k.d_id); }),
           array_of(no, [&](const NewOrderKey& k) { return i(k.o_id); }),
           array_of(no, [&](const NewOrderKey& k) { return i(k.c_id); }),
           array_of(no, [&](const NewOrderKey& k) { return i(k.ol_cnt); }))) {
    check.missing.push_back("New-Order " +
                            slash(row[0].as<int>(), row[1].as<int>(), row[2].as<int>()));
    ++check.missing_transactions;
  }
  const auto& p = log.payments;
  for (const auto& row : tx.exec_params(
           kMissingPaymentsSql, array_of(p, [&](const PaymentKey& k) { return i(k.c_w_id); }),
           array_of(p, [&](const PaymentKey& k) { return i(k.c_d_id); }),
           array_of(p, [&](const PaymentKey& k) { return i(k.c_id); }),
           array_of(p, [&](const PaymentKey& k) { return i(k.w_id); }),
           array_of(p, [&](const PaymentKey& k) { return i(k.d_id); }),
           array_of(p, [&](const PaymentKey& k) { return std::to_string(k.amount_cents); }),
           since)) {
    const long long lost = row[6].as<long long>();
    check.missing.push_back("Payment of " + row[5].as<std::string>() + " by customer " +
                            slash(row[0].as<int>(), row[1].as<int>(), row[2].as<int>()) +
                            " at district " + row[3].as<std::string>() + "/" +
                            row[4].as<std::string>() +
                            (lost > 1 ? " (x" + std::to_string(lost) + ")" : ""));
    check.missing_transactions += lost;
  }
  const auto& d = log.delivered;
  long long last_delivery = -1;
  for (const auto& row : tx.exec_params(
           kMissingDeliveriesSql,
           array_of(d, [&](const DeliveredKey& k) { return std::to_string(k.delivery); }),
           array_of(d, [&](const DeliveredKey& k) { return i(k.w_id); }),
           array_of(d, [&](const DeliveredKey& k) { return i(k.d_id); }),
           array_of(d, [&](const DeliveredKey& k) { return i(k.o_id); }),
           array_of(d, [&](const DeliveredKey& k) { return i(k.carrier_id); }))) {
    check.missing.push_back("Delivery of order " +
                            slash(row[1].as<int>(), row[2].as<int>(), row[3].as<int>()) +
                            " by carrier " + row[4].as<std::string>());
    const long long delivery = row[0].as<long long>();
    if (delivery != last_delivery) ++check.missing_transactions;
    last_delivery = delivery;
  }
  return check;
}

}  // namespace tpcc::acid
