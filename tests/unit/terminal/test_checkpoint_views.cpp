// 5.5.2.2 the checkpoint counters are read from the view the server has:
// pg_stat_bgwriter up to PostgreSQL 16, pg_stat_checkpointer from 17.
#include <catch2/catch.hpp>

#include <string>

#include "terminal/engine/checkpoint_views.hpp"

TEST_CASE("5.5.2.2 checkpoint counters: pg_stat_bgwriter up to PostgreSQL 16") {
  for (const int version : {120000, 150004, 160009, 169999}) {
    INFO(version);
    const tpcc::CheckpointViews views = tpcc::checkpoint_views(version);
    CHECK(std::string(views.view) == "pg_stat_bgwriter");
    const std::string counters = views.counters_sql;
    CHECK(counters.find("checkpoints_timed, checkpoints_req") != std::string::npos);
    CHECK(counters.find("from pg_stat_bgwriter") != std::string::npos);
    const std::string metrics = views.server_metrics_sql;
    CHECK(metrics.find("buffers_checkpoint, buffers_backend") != std::string::npos);
    CHECK(metrics.find("from pg_stat_bgwriter") != std::string::npos);
  }
}

TEST_CASE("5.5.2.2 checkpoint counters: pg_stat_checkpointer from PostgreSQL 17") {
  for (const int version : {170000, 170002, 180000}) {
    INFO(version);
    const tpcc::CheckpointViews views = tpcc::checkpoint_views(version);
    CHECK(std::string(views.view) == "pg_stat_checkpointer");
    const std::string counters = views.counters_sql;
    CHECK(counters.find("num_timed, num_requested") != std::string::npos);
    CHECK(counters.find("from pg_stat_checkpointer") != std::string::npos);
    // The columns PostgreSQL 17 removed from pg_stat_bgwriter are not asked for.
    CHECK(counters.find("checkpoints_timed") == std::string::npos);
    const std::string metrics = views.server_metrics_sql;
    CHECK(metrics.find("buffers_written") != std::string::npos);
    CHECK(metrics.find("pg_stat_io") != std::string::npos);
    CHECK(metrics.find("pg_stat_bgwriter") == std::string::npos);
    CHECK(metrics.find("buffers_backend") == std::string::npos);
  }
}
