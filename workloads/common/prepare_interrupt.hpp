// Ctrl-C (or SIGTERM) during a workload's prepare: the server rolls back the
// ranges (or whole tables) in flight and keeps the committed ones; the
// handler says how to go on, then stops (exit 130).
#pragma once

namespace tpcc {

void stop_prepare_on_interrupt();

}  // namespace tpcc
