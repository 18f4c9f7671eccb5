#!/usr/bin/env bash
# Sourced by the scripts that set tpcc against pgbench 15 on one throwaway
# server, once BINARY names the tpcc to run: checks that it, python3 and
# pgbench are there, starts the server (bench/throwaway-pg.sh), loads
# bench/measure.sh, and defines PGBENCH and `target DB`, pgbench's
# connection options for database DB on that server.
[ -x "$BINARY" ] || { echo "not an executable: $BINARY" >&2; exit 2; }
command -v python3 >/dev/null || { echo "python3 missing: apt-get install python3" >&2; exit 2; }
BINARY=$(realpath "$BINARY")
source bench/throwaway-pg.sh
source bench/measure.sh
PGBENCH="$PG_BIN/pgbench"
[ -x "$PGBENCH" ] || { echo "pgbench missing: apt-get install postgresql-15" >&2; exit 2; }
target() { echo "-h $PG_DIR/socket -p $PG_PORT -U postgres $1"; }
