// The options table, failover part: a run that expects its primary to fail
// over to a standby (a multi-host --conn with
// target_session_attrs=read-write), with an outage bounded by
// --max-downtime and an acknowledged-commit ledger checked afterwards.
#include "config/settings/table_parts.hpp"
#include "config/settings/values.hpp"
#include "workloads/tpcc/config/tpcc_config.hpp"

namespace tpcc::settings_table {

void add_failover(std::vector<Setting>& s) {
  add(
      s, "failover", nullptr, {"failover"}, kRun, kTpccOnly, kRunSection,
      "A failover is expected during the run (a multi-host --conn such as 'host=a,b "
      "target_session_attrs=read-write', whose sessions reconnect to whichever host is the "
      "primary): each outage is reported with its start, end and the host before and after, "
      "the longest is the RTO, and downtime within --max-downtime no longer fails the run. "
      "Every New-Order the server acknowledged is kept in a ledger and looked up on the "
      "surviving primary after the run: 'acknowledged commits lost: N' (the RPO); any loss "
      "fails the run (exit 1).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.failover = parse_bool(v, src.where);
      },
      [](const Config& c) { return yes_no(c.failover); })
      .json = json_field<&Config::failover>("run", "failover");
}

}  // namespace tpcc::settings_table
