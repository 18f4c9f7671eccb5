// The server's checkpoints over the measured interval (5.5.2.2): its
// checkpoint counters read at the interval's start and at its end, and its
// checkpoint_timeout. Read by the engine's CheckpointWatch
// (terminal/engine/checkpoint_watch.hpp), judged in report/run_rules.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace tpcc {

struct CheckpointCounters {
  std::int64_t timed = 0;      // checkpoints_timed (pg_stat_checkpointer.num_timed on 17+)
  std::int64_t requested = 0;  // checkpoints_req (num_requested on 17+)
  double timeout_seconds = 0;  // the checkpoint_timeout setting
  // The view read: pg_stat_bgwriter up to PostgreSQL 16, pg_stat_checkpointer
  // from 17 (terminal/engine/checkpoint_views.hpp).
  std::string view = "pg_stat_bgwriter";
};

struct CheckpointFigures {
  std::optional<CheckpointCounters> at_start;  // when the measured interval began
  std::optional<CheckpointCounters> at_end;    // when it ended
  // Why a reading is missing ("the server did not answer within 5 s"); empty
  // when both are there or none was asked for.
  std::string problem;
};

// Checkpoints that began between the two readings (timed and requested);
// nullopt without both, or when the counters went back (reset meanwhile).
std::optional<std::int64_t> checkpoints_between(const CheckpointFigures& figures);

}  // namespace tpcc
