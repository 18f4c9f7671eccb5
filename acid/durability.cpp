// 3.5.3 Durability (acid/durability.hpp): the terminals, the crash between
// them, and the comparison of what they logged with what recovery kept.
#include "acid/durability.hpp"

#include <atomic>
#include <chrono>
#include <optional>
#include <stdexcept>
#include <thread>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "acid/acid_context.hpp"
#include "acid/durability_log.hpp"
#include "config/json_text.hpp"
#include "spec/constants.hpp"
#include "workloads/tpcc/delivery.hpp"
#include "workloads/tpcc/order_status.hpp"
#include "workloads/tpcc/stock_level.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"

namespace tpcc {
namespace {

// 3.5.3 counts the orders by D_NEXT_O_ID before and after.
constexpr const char* kOrdersSql = "select sum(d_next_o_id - 1) from bmsql_district";
// HISTORY rows get the server's localtimestamp: rows of the test are at or
// after this.
constexpr const char* kNowSql = "select localtimestamp::text";
// A server that was crashed and came back has a new start time; one the
// crash did not reach has the old one.
constexpr const char* kStartTimeSql = "select pg_postmaster_start_time()::text";
// Missing transactions named in the result line; the rest are counted.
constexpr std::size_t kMissingNamed = 5;

// The plan's mix (the run's), in its proportions.
TxnIndex pick_transaction(Random& rng, const std::array<double, kTxnTypes>& mix) {
  double total = 0;
  for (const double weight : mix) total += weight;
  double x = rng.unit() * total;
  for (int t = 0; t < kTxnTypes; ++t) {
    if (x < mix[static_cast<std::size_t>(t)]) return static_cast<TxnIndex>(t);
    x -= mix[static_cast<std::size_t>(t)];
  }
  return kNewOrder;  // rounding at the very end of the range
}

const char* title(TxnIndex type) {
  switch (type) {
    case kNewOrder: return "New-Order";
    case kPayment: return "Payment";
    case kOrderStatus: return "Order-Status";
    case kDelivery: return "Delivery";
    case kStockLevel: return "Stock-Level";
    case kTxnTypes: break;
  }
  return "transaction";
}

// The terminal of `number`: its home warehouse and Stock-Level district
// spread as the run spreads them, New-Orders rolled back as the plan says.
TpccTerminal durability_terminal(const acid::AcidContext& context, const DurabilityPlan& plan,
                                 int number) {
  TpccTerminal terminal = context.terminal(1 + number % context.warehouses());
  terminal.d_id = 1 + (number / context.warehouses()) % kDistrictsPerWarehouse;
  terminal.rollback_percent = plan.rollback_percent;
  return terminal;
}

struct TerminalOutcome {
  acid::CommitLog log;
  std::optional<TxnIndex> in_flight;  // cut off by the crash
  std::string error;                  // failed before the crash
};

class DurabilityTerminal {
 public:
  DurabilityTerminal(const acid::AcidContext& context, const DurabilityPlan& plan, int number)
      : context_(context),
        plan_(plan),
        number_(number),
        rng_(Random::stream(context.options().seed, {static_cast<std::uint64_t>(number)})),
        terminal_(durability_terminal(context, plan, number)) {}

  // Commits until `stop`, or until the crash takes the connection.
  void run(const std::atomic<bool>& stop, const std::atomic<bool>& crashing,
           TerminalOutcome& outcome) {
    TxnIndex current = kNewOrder;
    try {
      session_ = context_.new_session();
      while (!stop) {
        current = pick_transaction(rng_, plan_.mix);
        execute(current, outcome.log);
      }
    } catch (const std::exception& e) {
      // After the crash began, the transaction has no known outcome.
      if (crashing) {
        outcome.in_flight = current;
      } else {
        outcome.error = std::string(title(current)) + ": " + e.what();
      }
    }
  }

 private:
  // Logs the transaction once its COMMIT is acknowledged: Session::flush
  // returns only when the server answered every statement queued, COMMIT
  // included (or, for a single call in autocommit, the pipeline's sync that
  // commits it), and throws otherwise, so nothing is logged that the server
  // did not confirm. A serialization failure or deadlock rolled it back, as
  // does 2.4.1.4's unused item: nothing to log. Other errors throw.
  void execute(TxnIndex type, acid::CommitLog& log) {
    const int w_id = terminal_.w_id;
    if (type == kOrderStatus || type == kStockLevel) {
      TxnAudit audit;
      try {
        if (type == kOrderStatus) {
          execute_order_status(*session_, generate_order_status(rng_, terminal_), terminal_, audit);
        } else {
          execute_stock_level(*session_, generate_stock_level(rng_, terminal_), terminal_, audit);
        }
      } catch (const RetryableError&) {
        // Read-only: nothing to log either way.
      }
      return;
    }
    if (type == kDelivery) {
      const DeliveryInput input = generate_delivery(rng_, terminal_);
      DeliveryOutput out;
      const TxnResult r = run_deferred_delivery(*session_, rng_, terminal_, input, out);
      if (r.outcome != Outcome::Committed) {
        // Still failing to serialize after the retries: rolled back.
        if (r.sqlstate == kSerializationFailure || r.sqlstate == kDeadlockDetected) return;
        throw std::runtime_error(r.error);
      }
      for (int d = 1; d <= kDistrictsPerWarehouse; ++d) {
        const int o_id = out.o_id[static_cast<std::size_t>(d - 1)];
        if (o_id != 0) log.delivered.push_back({log.deliveries, w_id, d, o_id, input.carrier_id});
      }
      ++log.deliveries;
      return;
    }
    try {
      if (type == kNewOrder) {
        NewOrderInput input = generate_new_order(rng_, terminal_);
        for (NewOrderLine& line : input.lines) line.supply_w_id = w_id;
        const NewOrderOutput out = context_.new_order(*session_, input);
        if (out.rolled_back) return;  // 2.4.2.3: ROLLBACK, not COMMIT, was sent
        log.new_orders.push_back(
            {w_id, input.d_id, out.o_id, input.c_id, static_cast<int>(input.lines.size())});
      } else {
        acid::CustomerKey customer{w_id, static_cast<int>(rng_.uniform(1, kDistrictsPerWarehouse)),
                                   static_cast<int>(rng_.uniform(1, kCustomersPerDistrict))};
        const std::int64_t cents = rng_.uniform(100, 500000);  // 2.5.1.3 H_AMOUNT
        const bool fake = plan_.log_a_rolled_back_payment && number_ == 0 && !faked_;
        if (fake) session_->set_commit_action(CommitAction::Rollback);
        try {
          context_.payment(*session_, customer, cents);
        } catch (...) {
          session_->set_commit_action(CommitAction::Commit);
          throw;
        }
        session_->set_commit_action(CommitAction::Commit);
        faked_ = faked_ || fake;
        log.payments.push_back(
            {customer.w_id, customer.d_id, customer.c_id, customer.w_id, customer.d_id, cents});
      }
    } catch (const RetryableError&) {
      // Rolled back by the server; nothing to log.
    }
  }

  const acid::AcidContext& context_;
  const DurabilityPlan& plan_;
  const int number_;
  Random rng_;
  const TpccTerminal terminal_;
  std::unique_ptr<Session> session_;
  bool faked_ = false;
};

std::string observed(const DurabilityReport& r) {
  std::string s =
      std::to_string(r.logged()) + " transactions committed and logged before the crash (" +
      std::to_string(r.new_orders) + " New-Order, " + std::to_string(r.payments) + " Payment, " +
      std::to_string(r.deliveries) + " Delivery), " + std::to_string(r.found) + " found and " +
      std::to_string(r.logged() - r.found) + " missing after recovery; " +
      std::to_string(r.in_flight.size()) + " in flight at the crash (outcome unknown); orders +" +
      std::to_string(r.orders_after - r.orders_before) + " by D_NEXT_O_ID for " +
      std::to_string(r.new_orders) + " logged New-Orders; " + r.consistency.observed;
  if (r.logged() == 0) s += " (nothing was committed: nothing shown)";
  if (!r.restarted) {
    s += "; the server was not restarted (pg_postmaster_start_time unchanged): the crash did not "
         "reach it, nothing shown";
  }
  if (!r.hazards.empty()) {
    s += "; the server's settings cannot survive a power loss:";
    for (std::size_t i = 0; i < r.hazards.size(); ++i) s += (i == 0 ? " " : ", ") + r.hazards[i];
  }
  if (!r.missing.empty()) {
    s += "; missing:";
    for (std::size_t i = 0; i < r.missing.size() && i < kMissingNamed; ++i) {
      s += (i == 0 ? " " : ", ") + r.missing[i];
    }
    if (r.missing.size() > kMissingNamed) {
      s += " and " + std::to_string(r.missing.size() - kMissingNamed) + " more";
    }
  }
  return s;
}

}  // namespace

DurabilityReport durability_test(const AcidOptions& options, const DurabilityPlan& plan,
                                 const std::function<void()>& crash_and_restart) {
  DurabilityReport report;
  std::string since;
  std::string start_time_before;
  std::vector<TerminalOutcome> outcomes(static_cast<std::size_t>(plan.terminals));
  {
    acid::AcidContext context(options);
    report.orders_before = context.number(kOrdersSql);
    since = context.text(kNowSql);
    const std::string started = context.text(kStartTimeSql);
    {
      pqxx::nontransaction tx(context.monitor());
      const pqxx::row row = tx.exec1(kDurabilitySettingsSql);
      report.settings = {row[0].as<std::string>(), row[1].as<std::string>(),
                         row[2].as<std::string>()};
    }
    report.hazards = power_loss_hazards(report.settings);
    start_time_before = started;
    std::atomic<bool> stop{false};
    std::atomic<bool> crashing{false};
    std::vector<std::thread> threads;
    for (int t = 0; t < plan.terminals; ++t) {
      threads.emplace_back([&, t] {
        DurabilityTerminal(context, plan, t)
            .run(stop, crashing, outcomes[static_cast<std::size_t>(t)]);
      });
    }
    const auto join = [&] {
      stop = true;
      for (std::thread& thread : threads) thread.join();
    };
    std::this_thread::sleep_for(std::chrono::duration<double>(plan.seconds_before_crash));
    crashing = true;
    try {
      crash_and_restart();
    } catch (...) {
      join();
      throw;
    }
    join();
  }
  acid::CommitLog log;
  for (std::size_t t = 0; t < outcomes.size(); ++t) {
    if (!outcomes[t].error.empty()) {
      throw std::runtime_error("durability: terminal " + std::to_string(t) +
                               " failed before the crash: " + outcomes[t].error);
    }
    log.append(outcomes[t].log);
    if (outcomes[t].in_flight) report.in_flight.emplace_back(title(*outcomes[t].in_flight));
  }
  report.new_orders = static_cast<long long>(log.new_orders.size());
  report.payments = static_cast<long long>(log.payments.size());
  report.deliveries = log.deliveries;

  acid::AcidContext after(options);
  const acid::LogCheck check = acid::check_commit_log(after.monitor(), log, since);
  report.missing = check.missing;
  report.found = report.logged() - check.missing_transactions;
  report.orders_after = after.number(kOrdersSql);
  report.restarted = after.text(kStartTimeSql) != start_time_before;
  report.consistency = acid::consistency_test(after, "after recovery");
  long long new_orders_in_flight = 0;
  for (const std::string& kind : report.in_flight)
    new_orders_in_flight += kind == "New-Order" ? 1 : 0;
  const long long added = report.orders_after - report.orders_before;
  const bool orders_add_up =
      added >= report.new_orders && added <= report.new_orders + new_orders_in_flight;
  report.result = plan.interruption == Interruption::ProcessKill
                      ? AcidResult{"3.5.3.2",
                                   "durability: instantaneous interruption (every server process "
                                   "killed; the kernel's page cache survives)",
                                   false, observed(report)}
                      : AcidResult{"3.5.3.3",
                                   "durability: loss of memory (--crash-command; a loss of memory "
                                   "only when it cuts the server's power or crashes its OS)",
                                   false, observed(report)};
  if (!orders_add_up) {
    report.result.observed += "; the orders added are not the logged New-Orders plus at most the " +
                              std::to_string(new_orders_in_flight) + " in flight";
  }
  report.result.passed = report.logged() > 0 && check.missing_transactions == 0 && orders_add_up &&
                         report.consistency.passed && report.restarted && report.hazards.empty();
  return report;
}

std::string durability_json(const DurabilityReport& r) {
  nlohmann::json j;
  j["committed_logged"] = {{"new_order", r.new_orders},
                           {"payment", r.payments},
                           {"delivery", r.deliveries},
                           {"total", r.logged()}};
  j["found_after_recovery"] = r.found;
  j["missing"] = r.missing;
  j["in_flight_at_crash"] = r.in_flight;
  j["orders_before"] = r.orders_before;
  j["orders_after"] = r.orders_after;
  j["restarted"] = r.restarted;
  j["power_loss_hazards"] = r.hazards;
  j["consistency_after_recovery"] = {{"passed", r.consistency.passed},
                                     {"observed", r.consistency.observed}};
  return json_text(j);
}

}  // namespace tpcc
