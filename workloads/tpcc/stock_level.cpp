#include "workloads/tpcc/stock_level.hpp"

#include <string>
#include <vector>

#include "db/session.hpp"
#include "workloads/tpcc/procedure_calls.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"

namespace tpcc {
namespace {

// 2.8.2.2 $1 W_ID, $2 D_ID, $3 threshold: distinct items among the lines
// of the district's last 20 orders (D_NEXT_O_ID - 20 <= OL_O_ID <
// D_NEXT_O_ID) whose stock at the home warehouse is below the threshold.
// The 20 order numbers are an array the planner cannot see into, so it
// estimates a few lines per number whatever the size of ORDER-LINE. Written
// as a range joined to the district, the estimate grew with the table: once
// autovacuum analysed the grown table, the plan turned to a sequential scan
// of STOCK, which cut throughput by half on one warehouse.
constexpr const char* kLowStockSql = R"(
select count(distinct s.s_i_id)
  from bmsql_order_line ol
  join bmsql_stock s
    on s.s_w_id = ol.ol_w_id and s.s_i_id = ol.ol_i_id
 where ol.ol_w_id = $1 and ol.ol_d_id = $2
   and ol.ol_o_id = any (array(select generate_series(d.d_next_o_id - 20, d.d_next_o_id - 1)
                                 from bmsql_district d
                                where d.d_w_id = $1 and d.d_id = $2))
   and s.s_quantity < $3
)";

constexpr const char* kLowStockStatement = "sl_low_stock";

}  // namespace

StockLevelInput generate_stock_level(Random& rng, const TpccTerminal& terminal) {
  StockLevelInput input;
  input.w_id = terminal.w_id;                               // 2.8.1.1
  input.d_id = terminal.d_id;                               // 2.8.1.1 fixed per terminal
  input.threshold = static_cast<int>(rng.uniform(10, 20));  // 2.8.1.2
  return input;
}

int count_low_stock(Session& session, const StockLevelInput& input, const TpccTerminal& terminal) {
  Params params;
  params.add(input.w_id).add(input.d_id).add(input.threshold);
  // One statement, its own transaction at read committed (run_call).
  return run_call(session, terminal, kLowStockStatement, params, true).as_int(0, 0);
}

Outcome execute_stock_level(Session& session, const StockLevelInput& input,
                            const TpccTerminal& terminal, TxnAudit& /*audit*/) {
  if (terminal.mode == Mode::Procedures) {
    call_stock_level(session, input, terminal);
  } else {
    count_low_stock(session, input, terminal);
  }
  return Outcome::Committed;
}

void prepare_stock_level_statements(Session& session) {
  session.prepare(kLowStockStatement, kLowStockSql);
}

}  // namespace tpcc
