// Internal to acid/: what the test families share. The kit's transactions
// are called through here in the configured --mode, so that each test runs
// the code a terminal runs.
#pragma once

#include <chrono>
#include <future>
#include <memory>
#include <string>
#include <vector>

#include <pqxx/connection>

#include "acid/acid.hpp"
#include "db/session.hpp"
#include "spec/random.hpp"
#include "workloads/tpcc/delivery.hpp"
#include "workloads/tpcc/new_order.hpp"
#include "workloads/tpcc/order_status.hpp"
#include "workloads/tpcc/payment.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"

namespace tpcc::acid {

// A customer the test works on (picked at random, by number).
struct CustomerKey {
  int w_id = 1;
  int d_id = 1;
  int c_id = 1;
};

class AcidContext {
 public:
  explicit AcidContext(const AcidOptions& options);
  ~AcidContext();

  const AcidOptions& options() const { return options_; }
  // A plain connection for reading values before and after.
  pqxx::connection& monitor() { return *monitor_; }
  Random& rng() { return rng_; }
  int warehouses() const { return warehouses_; }

  CustomerKey pick_customer();
  // A terminal of warehouse w_id with the configured isolation and mode.
  TpccTerminal terminal(int w_id) const;
  // A session with the kit's statements prepared (a terminal's session).
  std::unique_ptr<Session> new_session() const;

  // The kit's transactions, by --mode (terminal/*.cpp, procedure_calls.hpp).
  PaymentOutput payment(Session& session, const CustomerKey& customer, std::int64_t cents) const;
  // New-Order inputs are drawn apart from their execution, so that a
  // transaction run on another thread does not share the generator.
  NewOrderInput new_order_input(const CustomerKey& customer);
  NewOrderOutput new_order(Session& session, const NewOrderInput& input) const;
  OrderStatusOutput order_status(Session& session, const CustomerKey& customer);
  // 2.7.1 a Delivery of warehouse w_id with a random carrier.
  DeliveryOutput delivery(Session& session, int w_id);

  // One value of a query on the monitor connection, as text / as a number.
  std::string text(const std::string& sql);
  long long number(const std::string& sql);

 private:
  AcidOptions options_;
  std::unique_ptr<pqxx::connection> monitor_;
  Random rng_;
  int warehouses_ = 1;
};

// Ends a transaction held open by CommitAction::Hold: commits it, or rolls it
// back; later commits are sent as written again.
void end_held_transaction(Session& session, bool commit);

// How a second session's transaction went while the first held its locks:
// it finished on its own, or its backend waited for a lock.
enum class Waited { No, ForLock, Timeout };

// Watches `future` (a transaction running on the session whose backend is
// `pid`) until it is ready (No) or the backend waits for a lock (ForLock);
// Timeout after `seconds` of neither.
template <typename T>
Waited watch(std::future<T>& future, AcidContext& context, int pid, double seconds = 10);

bool backend_waits_for_lock(AcidContext& context, int pid);

template <typename T>
Waited watch(std::future<T>& future, AcidContext& context, int pid, double seconds) {
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::milliseconds(static_cast<int>(seconds * 1000));
  while (std::chrono::steady_clock::now() < deadline) {
    if (future.wait_for(std::chrono::milliseconds(20)) == std::future_status::ready) {
      return Waited::No;
    }
    if (backend_waits_for_lock(context, pid)) return Waited::ForLock;
  }
  return Waited::Timeout;
}

// The test families, one file each.
std::vector<AcidResult> atomicity_tests(AcidContext& context);               // 3.2.2
AcidResult consistency_test(AcidContext& context, const std::string& when);  // 3.3.2
std::vector<AcidResult> isolation_tests(AcidContext& context);  // 3.4.2, isolation*.cpp

}  // namespace tpcc::acid
