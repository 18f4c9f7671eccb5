// Stock-Level (2.8) as one call of tpcc_stock_level.
#include "workloads/tpcc/procedure_calls.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"

namespace tpcc {
namespace {

constexpr const char* kCall = "call_stock_level";
constexpr const char* kCallSql = "select tpcc_stock_level($1::int, $2::int, $3::int)";

}  // namespace

void prepare_stock_level_call(Session& session) { session.prepare(kCall, kCallSql); }

int call_stock_level(Session& session, const StockLevelInput& input, const TpccTerminal& terminal) {
  Params params;
  params.add(input.w_id).add(input.d_id).add(input.threshold);
  return run_call(session, terminal, kCall, params).as_int(0, 0);
}

}  // namespace tpcc
