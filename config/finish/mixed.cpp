// A mixed run's analytic streams (--ch-streams, --ch-on): on the standbys
// only when there are standbys to run on. Whether CH's tables are loaded is
// the run's to find (workloads/ch/app/ch_side_run.cpp).
#include "config/finish/finish.hpp"

namespace tpcc {

void finish_mixed(ParseState& st) {
  const std::optional<Source> on = st.given.source("ch-on");
  if (st.cfg.ch_on == ChOn::Standby && st.cfg.standbys.empty()) {
    st.problem((on ? on->where : std::string("--ch-on")) +
               ": analytic streams on the standbys need a standby connection (--standby-conn, "
               "props standbyConn)");
  }
  if (on && st.cfg.ch_streams == 0) {
    st.problem(on->where +
               ": --ch-on places analytic streams; give --ch-streams N (props "
               "chStreams) too");
  }
}

}  // namespace tpcc
