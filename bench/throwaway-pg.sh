#!/usr/bin/env bash
# Sourced by the benchmark scripts: starts a throwaway PostgreSQL with the
# same settings as tpcc's own (pgserver/local_server.cpp) and stops it on exit.
# Sets PG_DIR, PG_CONN (conninfo of the postgres database) and PG_BIN.
# WAL_LEVEL=replica measures a server as a primary with standbys runs it
# (minimal, the default here, lets pgbench -i skip WAL for its new tables).
# DURABLE=1 runs it as users' servers run: fsync, synchronous_commit and
# full_page_writes on.
# SHARED_BUFFERS (e.g. 2560MB) and SYNC_COMMIT (on/off) override those two
# settings, so that DURABLE=1 SYNC_COMMIT=off SHARED_BUFFERS=2560MB is the
# server (fsync and full_page_writes on, commits not waited for).
# print_server_settings prints the settings a figure depends on.
set -euo pipefail

PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -x "$PG_BIN/initdb" ] || { echo "no PostgreSQL server programs found" >&2; exit 3; }
PG_DIR=$(mktemp -d /tmp/tpcc-bench-XXXXXX)
PG_PORT=$((20000 + RANDOM % 20000))
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres: "$PG_DIR"
mkdir -p "$PG_DIR/socket" && { [ "$(id -u)" != 0 ] || chown postgres: "$PG_DIR/socket"; }
as_pg "$PG_BIN/initdb" -D "$PG_DIR/data" -A trust -U postgres --no-sync -E UTF8 --locale=C >"$PG_DIR/initdb.log"
cat >>"$PG_DIR/data/postgresql.conf" <<CONF
port = $PG_PORT
listen_addresses = '127.0.0.1'
unix_socket_directories = '$PG_DIR/socket'
shared_buffers = 512MB
max_connections = 300
fsync = $([ "${DURABLE:-0}" = 1 ] && echo on || echo off)
synchronous_commit = $([ "${DURABLE:-0}" = 1 ] && echo on || echo off)
full_page_writes = $([ "${DURABLE:-0}" = 1 ] && echo on || echo off)
wal_level = ${WAL_LEVEL:-minimal}
max_wal_senders = $([ "${WAL_LEVEL:-minimal}" = minimal ] && echo 0 || echo 10)
max_wal_size = 8GB
checkpoint_timeout = 30min
maintenance_work_mem = 512MB
max_parallel_maintenance_workers = 2
CONF
[ -n "${SHARED_BUFFERS:-}" ] && echo "shared_buffers = $SHARED_BUFFERS" >>"$PG_DIR/data/postgresql.conf"
[ -n "${SYNC_COMMIT:-}" ] && echo "synchronous_commit = $SYNC_COMMIT" >>"$PG_DIR/data/postgresql.conf"
as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w start >/dev/null
PG_CONN="host=$PG_DIR/socket port=$PG_PORT user=postgres dbname=postgres"
stop_throwaway_pg() {
  as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$PG_DIR"
}
trap stop_throwaway_pg EXIT
print_server_settings() {
  "$PG_BIN/psql" "$PG_CONN" -XAtc "select 'server: ' || string_agg(name || '=' || current_setting(name),
      ', ' order by name) from pg_settings where name in ('fsync',
      'synchronous_commit', 'full_page_writes', 'shared_buffers', 'wal_level',
      'checkpoint_timeout', 'max_wal_size', 'autovacuum')"
}
