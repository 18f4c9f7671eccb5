// The options table, standby part: hot standbys driven with read-only
// terminals during the primary's run (tpcc run only).
//
// Props files name several standbys as standbyConn, standbyConn2,
// standbyConn3, ... (numbers need not be contiguous; they are used in
// order). standbyTerminals and the standby weights apply to every standby.
#include "config/settings/table_parts.hpp"
#include "config/settings/values.hpp"
#include "workloads/ingest/config/ingest_config.hpp"
#include "workloads/tpcc/config/tpcc_config.hpp"

namespace tpcc::settings_table {

void add_standby(std::vector<Setting>& s) {
  add(
      s, "standby-conn", "CONNINFO", {"standbyConn"}, kRun, kAllButIngest, kStandbySection,
      "A hot standby to drive with read-only terminals (Order-Status and Stock-Level; with a "
      "sysbench oltp test, --standby-test) while the primary runs; repeat the flag for several "
      "standbys (props: standbyConn, "
      "standbyConn2, standbyConn3, ...). Conninfo, URI or JDBC URL, translated as --conn; "
      "props user and password fill in what it leaves out. Reported apart from the primary.",
      [](const std::string& v, const Source& src, ParseState& st) {
        if (src.layer == Layer::Flag) {
          st.standby_flags.push_back({v, src.where});
        } else {
          st.standby_props[*standby_conn_number(src.key)] = {v, src.where};
        }
      },
      [](const Config&) -> std::string { return "none"; })
      .json = json_none(kJsonOwnShape);
  s.back().repeat = Repeat::Each;
  add(
      s, "standby-terminals", "N", {"standbyTerminals"}, kRun, kAllButIngest, kStandbySection,
      "Read-only terminals on each standby; needs a standby connection.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.standby_terminals = parse_int(v, 1, kNoLimit, src.where);
      },
      [](const Config&) -> std::string { return "the same as --terminals"; })
      .json = json_none(kJsonOwnShape);
  add(
      s, "standby-mix", "OS,SL", {"standbyOrderStatusWeight", "standbyStockLevelWeight"}, kRun,
      kTpccOnly, kStandbySection,
      "Order-Status and Stock-Level percent on the standbys, summing to 100 (props: "
      "standbyOrderStatusWeight and standbyStockLevelWeight; one alone leaves the rest to the "
      "other).",
      [](const std::string& v, const Source& src, ParseState& st) {
        if (src.key == "standbyOrderStatusWeight" || src.key == "standbyStockLevelWeight") {
          const std::size_t i = src.key == "standbyOrderStatusWeight" ? 0 : 1;
          st.standby_weights[i] = parse_number(v, 0, false, src.where);
          if (st.standby_weights_where.empty()) st.standby_weights_where = src.where;
          return;
        }
        st.standby_mix = parse_standby_mix(v, src.where);
      },
      [](const Config&) -> std::string { return "50,50"; })
      .json = json_none(kJsonOwnShape);
  s.back().props_keys_set_parts = true;
}

}  // namespace tpcc::settings_table
