// The TPC-C workload as the engine sees it: its five types in their slots
// with the keying and think times of 5.2.5, each terminal bound to its home
// warehouse and district (5.2.1), and the Deliveries it hands to delivery
// workers only on the primary under --delivery deferred (2.7.2).
#include <catch2/catch.hpp>

#include <any>
#include <chrono>
#include <optional>

#include "config/config.hpp"
#include "metrics/stats.hpp"
#include "spec/random.hpp"
#include "terminal/engine/worker.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"
#include "workloads/tpcc/tpcc_workload.hpp"

namespace {

tpcc::TpccWorkload workload_of(const tpcc::Config& config, int warehouses) {
  tpcc::TpccLoad load;
  load.warehouses = warehouses;
  return tpcc::TpccWorkload(config, load);
}

}  // namespace

TEST_CASE("5.2.5.2 and 5.2.5.4 the TPC-C workload's keying and mean think times per type") {
  const tpcc::Config config;
  const tpcc::TpccWorkload workload = workload_of(config, 1);
  const auto& types = workload.types();
  REQUIRE(types.size() == 5);
  struct Expected {
    tpcc::TxnIndex type;
    const char* name;
    double keying;
    double think;
  };
  for (const Expected& e :
       {Expected{tpcc::kNewOrder, "new_order", 18, 12}, Expected{tpcc::kPayment, "payment", 3, 12},
        Expected{tpcc::kOrderStatus, "order_status", 2, 10},
        Expected{tpcc::kDelivery, "delivery", 2, 5},
        Expected{tpcc::kStockLevel, "stock_level", 2, 5}}) {
    const tpcc::WorkloadType& type = types[static_cast<std::size_t>(e.type)];
    INFO(type.name);
    CHECK(type.name == e.name);
    CHECK(type.delays.keying_seconds == e.keying);
    CHECK(type.delays.mean_think_seconds == e.think);
  }
}

TEST_CASE("5.2.1 the TPC-C workload binds terminal i to warehouse i mod W + 1") {
  tpcc::Config config;
  config.isolation = tpcc::Isolation::RepeatableRead;
  const tpcc::TpccWorkload workload = workload_of(config, 3);
  for (int i = 0; i < 7; ++i) {
    const auto context = std::any_cast<tpcc::TpccTerminal>(workload.bind(i, config));
    CHECK(context.w_id == i % 3 + 1);
    CHECK(context.d_id == (i / 3) % 10 + 1);
    CHECK(context.warehouses == 3);
    CHECK(context.isolation == tpcc::Isolation::RepeatableRead);
    CHECK_FALSE(context.read_only);
  }
  // A standby's group runs the ro profile.
  tpcc::Config standby = config;
  standby.profile = tpcc::Profile::ReadOnly;
  CHECK(std::any_cast<tpcc::TpccTerminal>(workload.bind(0, standby)).read_only);
}

TEST_CASE("2.7.2 the TPC-C workload hands Deliveries off only on the primary under deferred") {
  tpcc::Config config;
  config.terminals = 4;
  config.delivery_workers = 2;
  config.delivery_mode = tpcc::DeliveryMode::Sync;
  CHECK(workload_of(config, 1).background(config, 0) == nullptr);
  config.delivery_mode = tpcc::DeliveryMode::Deferred;
  const tpcc::TpccWorkload workload = workload_of(config, 1);
  const auto deliveries = workload.background(config, 0);
  REQUIRE(deliveries != nullptr);
  CHECK(deliveries->workers() == 2);
  CHECK(deliveries->worker_name(2) == "delivery worker 2");
  CHECK(workload.background(config, 1) == nullptr);  // standby 1's terminals
  config.mix[tpcc::kDelivery] = 0;
  CHECK(workload.background(config, 0) == nullptr);
}

TEST_CASE("2.7.2 a deferred Delivery is queued, taken in order, and counted when never started") {
  tpcc::Config config;
  config.terminals = 1;
  config.delivery_mode = tpcc::DeliveryMode::Deferred;
  const tpcc::TpccWorkload workload = workload_of(config, 2);
  const auto deliveries = workload.background(config, 0);
  REQUIRE(deliveries != nullptr);
  tpcc::VirtualTerminal terminal(0, workload.bind(0, config), config.mix, tpcc::Random(7));
  CHECK_FALSE(deliveries->hand_off(tpcc::kPayment, terminal));  // the terminal runs it
  for (int k = 0; k < 3; ++k) {
    const auto queued = deliveries->hand_off(tpcc::kDelivery, terminal);
    REQUIRE(queued);
    CHECK(queued->outcome == tpcc::Outcome::Committed);  // the response is the queueing
  }
  const auto first = deliveries->next();
  REQUIRE(first);
  CHECK(first->what == "deferred Delivery for warehouse 1");
  deliveries->close();
  CHECK_FALSE(deliveries->next());
  const auto refused = deliveries->hand_off(tpcc::kDelivery, terminal);
  REQUIRE(refused);
  CHECK(refused->outcome == tpcc::Outcome::Error);
  // The two left in the queue, handed off in the measured interval, count
  // as not completed.
  tpcc::RunPhases phases(tpcc::Clock::now() - std::chrono::seconds(10), 0, std::nullopt);
  tpcc::RunStats measured(tpcc::kTxnTypes);
  deliveries->abandon_remaining(phases, measured);
  CHECK(measured.deliveries_not_completed == 2);
}
