// CH-benCHmark's analytic streams once every layer is in: a stream runs its
// queries back to back (keying and think times are TPC-C's 5.2.5). Which
// options it takes is their rows' (config/finish/workload_taken.cpp).
#include "config/finish/finish.hpp"

namespace tpcc {

void finish_ch(ParseState& st) {
  if (st.cfg.workload != WorkloadKind::Ch) return;
  st.cfg.keying_and_thinking = false;
}

}  // namespace tpcc
