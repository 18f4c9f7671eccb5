// Where the server keeps its checkpoint counters (5.5.2.2): PostgreSQL 17
// moved them from pg_stat_bgwriter (checkpoints_timed, checkpoints_req,
// buffers_checkpoint) to pg_stat_checkpointer (num_timed, num_requested,
// buffers_written), and dropped buffers_backend for pg_stat_io. Chosen by
// server_version_num, read once per session, so that a 17 server is judged
// and a 15 one is read as before.
#pragma once

namespace tpcc {

// The first server_version_num with pg_stat_checkpointer.
inline constexpr int kCheckpointerViewVersion = 170000;

// The session's server_version_num, e.g. 150004.
inline constexpr const char* kServerVersionNumSql =
    "select current_setting('server_version_num')::int";

struct CheckpointViews {
  const char* view;  // "pg_stat_bgwriter" or "pg_stat_checkpointer"
  // Checkpoints begun, timed and requested, and checkpoint_timeout in
  // seconds: CheckpointWatch's reading.
  const char* counters_sql;
  // The same two counters, then the buffers written by checkpoints and by
  // backends: the server metrics sampler's columns.
  const char* server_metrics_sql;
};

CheckpointViews checkpoint_views(int server_version_num);

}  // namespace tpcc
