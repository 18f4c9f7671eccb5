// Internal to acid/: what the isolation tests of 3.4.2 share, and the tests
// themselves, one file per family (isolation_*.cpp). isolation_tests()
// (isolation.cpp) runs them in clause order.
#pragma once

#include <future>
#include <string>
#include <vector>

#include "acid/acid_context.hpp"
#include "terminal/engine/transaction.hpp"

namespace tpcc::acid {

std::string order_text(int o_id);  // "order 3001", "no order"
std::string customer_text(const CustomerKey& k);
std::string district_text(int w_id, int d_id);  // "warehouse 1 district 4"
const char* waited_text(Waited w);

// D_NEXT_O_ID of a district, read on the monitor connection.
int next_o_id(AcidContext& context, int w_id, int d_id);

// Runs `transaction` as a terminal runs it: a serialization failure or
// deadlock rolls it back and it is tried again, at most kMaxRetries times;
// `retries` counts the tries again.
template <typename F>
auto retried(F&& transaction, int& retries) -> decltype(transaction()) {
  for (;;) {
    try {
      return transaction();
    } catch (const RetryableError&) {
      if (++retries > kMaxRetries) throw;
    }
  }
}

// ", was retried 2 time(s)" or nothing.
std::string retries_text(int retries);

// watch(), but an error while T2 may wait for T1 first rolls T1 back, so
// that T2 (whose future's destructor waits for it) can end.
template <typename T>
Waited watch_or_release(std::future<T>& t2, AcidContext& context, int pid, Session& t1) {
  try {
    return watch(t2, context, pid);
  } catch (...) {
    t1.rollback_if_open();
    throw;
  }
}

// 3.4.2.7 to 3.4.2.9 each give two results from one run. The kit's
// transactions read what the clause reads twice in one statement, so the
// first result is the kit's one-statement read, protected by that
// statement's snapshot (3.4.2: for a non-locking scheme the isolation may
// be shown by argument, and this is the argument); the second is the
// clause's read again, run for real as a second statement of the same
// transaction after the other transaction committed, whose verdict is the
// isolation level's: FAIL at read committed, PASS at repeatable read and
// serializable.
inline constexpr const char* kOneStatementRead = "the kit's one-statement read";
inline constexpr const char* kOneStatementArgument =
    "protected by the statement's snapshot: 3.4.2 allows this argument for a non-locking "
    "scheme; the read again is the next line";
// "read again in the same transaction at read committed"
std::string read_again_name(AcidContext& context);

// 3.4.2.8 and 3.4.2.9 step "T1 reads again": the one number the prepared
// `statement` returns (0 for none), read in T1's transaction, whose COMMIT
// is held back. After a T2 that timed out, T1 reads nothing more and its
// first read stands.
int read_again(Session& t1, const char* statement, const Params& params, Waited waited,
               int first_read);

// The tests, in clause order.
AcidResult order_status_vs_new_order(AcidContext& context, bool commit);   // 3.4.2.1, 3.4.2.2
AcidResult new_order_vs_new_order(AcidContext& context, bool commit);      // 3.4.2.3, 3.4.2.4
AcidResult payment_vs_delivery(AcidContext& context, bool commit);         // 3.4.2.5, 3.4.2.6
std::vector<AcidResult> item_price_repeatable_read(AcidContext& context);  // 3.4.2.7
std::vector<AcidResult> delivery_phantom(AcidContext& context);            // 3.4.2.8
std::vector<AcidResult> order_status_phantom(AcidContext& context);        // 3.4.2.9

}  // namespace tpcc::acid
