// Internal to acid/durability*.cpp: the keys terminals log once a COMMIT is
// acknowledged, and their check against the recovered database.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <pqxx/connection>

namespace tpcc::acid {

// The order a New-Order committed, with what identifies it beyond its
// number: a rolled-back New-Order's number is given to the next one.
struct NewOrderKey {
  int w_id, d_id, o_id, c_id, ol_cnt;
};
// A Payment's HISTORY row: customer, district paid at, amount; its date is
// the server's, at or after the test's start.
struct PaymentKey {
  int c_w_id, c_d_id, c_id, w_id, d_id;
  std::int64_t amount_cents;
};
// One order a Delivery delivered, with its carrier.
struct DeliveredKey {
  long long delivery;  // which Delivery transaction (for counting them)
  int w_id, d_id, o_id, carrier_id;
};

struct CommitLog {
  std::vector<NewOrderKey> new_orders;
  std::vector<PaymentKey> payments;
  std::vector<DeliveredKey> delivered;
  long long deliveries = 0;
  void append(const CommitLog& other);
};

// What of the log the database has: the logged transactions not found
// (described), and how many transactions that makes.
struct LogCheck {
  std::vector<std::string> missing;
  long long missing_transactions = 0;
};

// `since`: the server's localtimestamp before the first transaction.
LogCheck check_commit_log(pqxx::connection& connection, const CommitLog& log,
                          const std::string& since);

}  // namespace tpcc::acid
