#include "terminal/engine/checkpoint_views.hpp"

namespace tpcc {
namespace {

// Every checkpoint the server began: timed ones (checkpoint_timeout) and
// requested ones (max_wal_size, CHECKPOINT).
constexpr CheckpointViews kBgwriter{
    "pg_stat_bgwriter",
    "select checkpoints_timed, checkpoints_req, "
    "(select setting::float8 from pg_settings where name = 'checkpoint_timeout') "
    "from pg_stat_bgwriter",
    "select checkpoints_timed, checkpoints_req, buffers_checkpoint, buffers_backend "
    "from pg_stat_bgwriter"};

// PostgreSQL 17: the same counters under new names; the buffers client
// backends wrote are pg_stat_io's writes of relations by client backends.
constexpr CheckpointViews kCheckpointer{
    "pg_stat_checkpointer",
    "select num_timed, num_requested, "
    "(select setting::float8 from pg_settings where name = 'checkpoint_timeout') "
    "from pg_stat_checkpointer",
    "select c.num_timed, c.num_requested, c.buffers_written, "
    "(select sum(writes)::bigint from pg_stat_io "
    " where backend_type = 'client backend' and object = 'relation') "
    "from pg_stat_checkpointer c"};

}  // namespace

CheckpointViews checkpoint_views(int server_version_num) {
  return server_version_num >= kCheckpointerViewVersion ? kCheckpointer : kBgwriter;
}

}  // namespace tpcc
