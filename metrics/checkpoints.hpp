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
  std::int64_t timed = 0;      // pg_stat_bgwriter.checkpoints_timed
  std::int64_t requested = 0;  // pg_stat_bgwriter.checkpoints_req
  double timeout_seconds = 0;  // the checkpoint_timeout setting
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
