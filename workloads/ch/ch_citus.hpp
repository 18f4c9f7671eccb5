// CH-benCHmark's queries on a load distributed by Citus (docs/citus.md,
// docs/ch.md): the setting the kit makes in the streams' sessions there,
// and why. The queries' text stays as published.
#pragma once

#include <string>
#include <vector>

namespace tpcc {

// Q7, Q8, Q9 and Q15 join bmsql_stock to bmsql_order_line on the supplying
// warehouse (ol_supply_w_id = s_w_id), Q20 on the item (ol_i_id = s_i_id):
// not both tables' distribution columns (s_w_id, ol_w_id), so the rows to
// join are on different workers, and Citus refuses the query ("the query
// contains a join that requires repartitioning") unless repartition joins
// are on; it then redistributes one side's rows by the join's column among
// the workers for the query. Set before each query (not once per
// connection), so that a reconnected stream has it too.
inline constexpr const char* kChCitusSessionSql = "set citus.enable_repartition_joins = on";

// The setting as the run records it ("name = value": result.json's
// ch.session_settings).
inline std::vector<std::string> ch_citus_session_settings() {
  return {"citus.enable_repartition_joins = on"};
}

// The line a run on Citus prints as it starts; empty on one server.
inline std::string ch_citus_line(bool citus) {
  if (!citus) return {};
  return "  ch on Citus:  citus.enable_repartition_joins = on in the streams' sessions (their "
         "joins off the distribution columns)\n";
}

}  // namespace tpcc
