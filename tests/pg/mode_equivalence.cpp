#include "tests/pg/mode_equivalence.hpp"

#include <catch2/catch.hpp>

#include "db/session.hpp"
#include "spec/audit_tallies.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/unit/terminal_context.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"
#include "workloads/tpcc/transactions.hpp"

namespace tpcc::test {

Trace run_stream(const std::string& conninfo, Mode mode, int warehouses, int transactions,
                 bool citus_statements) {
  Session session(conninfo);
  prepare_transaction_statements(session, mode);
  Random rng(20261130);
  Trace trace;
  for (int i = 0; i < transactions; ++i) {
    TpccTerminal terminal =
        terminal_context(i % warehouses + 1, i % 10 + 1, warehouses, {157, 223, 7911});
    terminal.mode = mode;
    terminal.citus_statements = citus_statements;
    terminal.rollback_percent = 10;  // more 2.4.2.3 rollbacks to compare
    const int draw = static_cast<int>(rng.uniform(1, 100));
    const TxnIndex type = draw <= 40   ? kNewOrder
                          : draw <= 80 ? kPayment
                          : draw <= 88 ? kOrderStatus
                          : draw <= 94 ? kDelivery
                                       : kStockLevel;
    const TxnResult result = run_transaction(type, session, rng, terminal);
    INFO("transaction " << i << " type " << type << ": " << result.error);
    REQUIRE(result.outcome != Outcome::Error);
    trace.outcomes.push_back(result.outcome);
    ++trace.per_outcome[result.outcome];
    trace.skipped_deliveries += result.tallies[kTallySkippedDeliveries];
  }
  return trace;
}

std::string table_digest(const std::string& conninfo, const std::string& table,
                         const std::string& columns, const std::string& order) {
  return scalar_text(conninfo, "select md5(coalesce(string_agg(r::text, '|' order by " + order +
                                   "), '')) from (select " + columns + " from " + table + ") r");
}

const std::vector<TableShape> kComparedTables = {
    {"bmsql_warehouse", "w_id, w_ytd", "w_id"},
    {"bmsql_district", "d_w_id, d_id, d_ytd, d_next_o_id", "d_w_id, d_id"},
    {"bmsql_customer",
     "c_w_id, c_d_id, c_id, c_balance, c_ytd_payment, c_payment_cnt, c_delivery_cnt, c_data",
     "c_w_id, c_d_id, c_id"},
    {"bmsql_history", "hist_id, h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_amount, h_data",
     "hist_id"},
    {"bmsql_new_order", "no_w_id, no_d_id, no_o_id", "no_w_id, no_d_id, no_o_id"},
    {"bmsql_oorder", "o_w_id, o_d_id, o_id, o_c_id, o_carrier_id, o_ol_cnt, o_all_local",
     "o_w_id, o_d_id, o_id"},
    {"bmsql_order_line",
     "ol_w_id, ol_d_id, ol_o_id, ol_number, ol_i_id, ol_delivery_d is null as undelivered, "
     "ol_amount, ol_supply_w_id, ol_quantity, ol_dist_info",
     "ol_w_id, ol_d_id, ol_o_id, ol_number"},
    {"bmsql_stock", "s_w_id, s_i_id, s_quantity, s_ytd, s_order_cnt, s_remote_cnt",
     "s_w_id, s_i_id"},
};

void check_same_tables(const std::string& a, const std::string& b) {
  for (const TableShape& shape : kComparedTables) {
    INFO(shape.table);
    CHECK(table_digest(a, shape.table, shape.columns, shape.order) ==
          table_digest(b, shape.table, shape.columns, shape.order));
  }
}

}  // namespace tpcc::test
