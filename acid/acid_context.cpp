#include "acid/acid_context.hpp"

#include <pqxx/pqxx>

#include "db/connect.hpp"
#include "spec/constants.hpp"
#include "workloads/tpcc/binding.hpp"
#include "workloads/tpcc/procedure_calls.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"
#include "workloads/tpcc/transactions.hpp"

namespace tpcc::acid {

AcidContext::AcidContext(const AcidOptions& options)
    : options_(options), monitor_(connect(options.conninfo)), rng_(options.seed) {
  warehouses_ = static_cast<int>(number("select count(*) from bmsql_warehouse"));
  if (warehouses_ < 1)
    throw std::runtime_error("acid: the database has no warehouses; run tpcc prepare first");
}

AcidContext::~AcidContext() = default;

CustomerKey AcidContext::pick_customer() {
  CustomerKey key;
  key.w_id = static_cast<int>(rng_.uniform(1, warehouses_));
  key.d_id = static_cast<int>(rng_.uniform(1, kDistrictsPerWarehouse));
  key.c_id = static_cast<int>(rng_.uniform(1, kCustomersPerDistrict));
  return key;
}

TpccTerminal AcidContext::terminal(int w_id) const {
  TpccTerminal terminal;
  terminal.w_id = w_id;
  terminal.warehouses = warehouses_;
  terminal.isolation = options_.isolation;
  terminal.mode = options_.mode;
  terminal.homes = HomeWarehouses{1, warehouses_};
  terminal.rollback_percent = 0;  // the tests choose their rollbacks
  return terminal;
}

std::unique_ptr<Session> AcidContext::new_session() const {
  auto session = std::make_unique<Session>(options_.conninfo);
  prepare_transaction_statements(*session, options_.mode);
  return session;
}

PaymentOutput AcidContext::payment(Session& session, const CustomerKey& customer,
                                   std::int64_t cents) const {
  const TpccTerminal t = terminal(customer.w_id);
  // 3.2.2.1: home warehouse and district, the customer by number.
  PaymentInput input;
  input.w_id = input.c_w_id = customer.w_id;
  input.d_id = input.c_d_id = customer.d_id;
  input.by_last_name = false;
  input.c_id = customer.c_id;
  input.amount_cents = cents;
  return options_.mode == Mode::Procedures ? call_payment(session, input, t)
                                           : pay(session, input, t);
}

NewOrderInput AcidContext::new_order_input(const CustomerKey& customer) {
  const TpccTerminal t = terminal(customer.w_id);
  // 2.4.1 inputs for this customer: every item used, every line local.
  NewOrderInput input = generate_new_order(rng_, t);
  input.d_id = customer.d_id;
  input.c_id = customer.c_id;
  input.rollback = false;
  for (NewOrderLine& line : input.lines) line.supply_w_id = customer.w_id;
  return input;
}

NewOrderOutput AcidContext::new_order(Session& session, const NewOrderInput& input) const {
  const TpccTerminal t = terminal(input.w_id);
  return options_.mode == Mode::Procedures ? call_new_order(session, input, t)
                                           : place_new_order(session, input, t);
}

OrderStatusOutput AcidContext::order_status(Session& session, const CustomerKey& customer) {
  const TpccTerminal t = terminal(customer.w_id);
  OrderStatusInput input;
  input.w_id = customer.w_id;
  input.d_id = customer.d_id;
  input.customer.by_last_name = false;
  input.customer.c_id = customer.c_id;
  return options_.mode == Mode::Procedures ? call_order_status(session, input, t)
                                           : query_order_status(session, input, t);
}

DeliveryOutput AcidContext::delivery(Session& session, int w_id) {
  const TpccTerminal t = terminal(w_id);
  const DeliveryInput input = generate_delivery(rng_, t);
  return options_.mode == Mode::Procedures ? call_delivery(session, input, t)
                                           : deliver(session, input, t);
}

std::string AcidContext::text(const std::string& sql) {
  pqxx::nontransaction tx(*monitor_);
  const pqxx::result r = tx.exec(sql);
  if (r.size() != 1 || r[0][0].is_null()) {
    throw std::runtime_error("acid: expected one value from: " + sql);
  }
  return r[0][0].as<std::string>();
}

long long AcidContext::number(const std::string& sql) { return std::stoll(text(sql)); }

void end_held_transaction(Session& session, bool commit) {
  session.set_commit_action(commit ? CommitAction::Commit : CommitAction::Rollback);
  session.queue_command("commit");
  try {
    session.flush();
  } catch (...) {
    session.set_commit_action(CommitAction::Commit);
    throw;
  }
  session.set_commit_action(CommitAction::Commit);
}

bool backend_waits_for_lock(AcidContext& context, int pid) {
  return context.number("select count(*) from pg_stat_activity where pid = " + std::to_string(pid) +
                        " and wait_event_type = 'Lock'") > 0;
}

}  // namespace tpcc::acid
