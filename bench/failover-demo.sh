#!/usr/bin/env bash
# A failover run, twice: a primary and a pg_basebackup standby (throwaway,
# on loopback), W warehouses, T terminals on a multi-host --conn with
# target_session_attrs=read-write and --failover; at PROMOTE_AT seconds the
# primary is killed (pg_ctl stop -m immediate) and the standby promoted.
# First with synchronous replication (expect 0 acknowledged commits lost),
# then asynchronous (whatever the standby had not received is lost). Prints
# per mode the RTO, the ledger's line, the exit status and the interval
# lines around the outage.
#
#   bench/failover-demo.sh [TPCC=build/tpcc] [WAREHOUSES=2] [TERMINALS=8] [PROMOTE_AT=10] [DURATION=30]
#
# MODES="async" runs one of the two. On loopback an asynchronous standby
# keeps up within milliseconds and usually loses nothing; LAG=SEC freezes
# its WAL receiver (SIGSTOP) for the last SEC seconds before the kill, as a
# standby behind a slow link would lag (async only; default 0); the WAL sent
# meanwhile waits in loopback's socket buffers, so a short LAG still loses
# little or nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
TPCC=${1:-build/tpcc}; W=${2:-2}; T=${3:-8}; PROMOTE_AT=${4:-10}; DURATION=${5:-30}
[ -x "$TPCC" ] || { sed -n '2,13p' "$0" >&2; exit 2; }
command -v python3 >/dev/null || { echo "python3 missing: apt-get install python3" >&2; exit 2; }
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -x "$PG_BIN/initdb" ] || { echo "no PostgreSQL server programs found" >&2; exit 3; }
DEMO_DIR=$(mktemp -d /tmp/tpcc-failover-XXXXXX)
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres: "$DEMO_DIR"
stop_all() {
  for data in "$DEMO_DIR"/*/data; do
    [ -d "$data" ] && as_pg "$PG_BIN/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1 || true
  done
  rm -rf "$DEMO_DIR"
}
trap stop_all EXIT

# A server in $DEMO_DIR/$1 on port $2: initdb, or pg_basebackup of port $3.
start_server() {
  local name=$1 port=$2 from=${3:-} dir="$DEMO_DIR/$1"
  as_pg mkdir -p "$dir/socket"
  if [ -z "$from" ]; then
    as_pg "$PG_BIN/initdb" -D "$dir/data" -A trust -U postgres --no-sync -E UTF8 --locale=C \
      >"$dir/initdb.log"
    as_pg tee -a "$dir/data/postgresql.conf" >/dev/null <<CONF
listen_addresses = '127.0.0.1'
shared_buffers = 256MB
max_connections = 100
fsync = off
full_page_writes = off
synchronous_commit = on
wal_level = replica
max_wal_senders = 5
max_wal_size = 4GB
CONF
  else
    as_pg "$PG_BIN/pg_basebackup" -D "$dir/data" -d "host=127.0.0.1 port=$from user=postgres" \
      -R -X stream -c fast >"$dir/basebackup.log" 2>&1
  fi
  as_pg tee -a "$dir/data/postgresql.conf" >/dev/null <<CONF
port = $port
unix_socket_directories = '$dir/socket'
cluster_name = '${name//-/_}'
hot_standby = on
CONF
  as_pg "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w start >/dev/null
}

psql_at() { "$PG_BIN/psql" "host=127.0.0.1 port=$1 user=postgres dbname=${3:-postgres}" -XAtqc "$2"; }

run_mode() {
  local mode=$1 p1=$((20000 + RANDOM % 20000)) p2
  p2=$((p1 + 1))
  echo "== $mode replication: W=$W, $T terminals, primary killed and standby promoted at" \
    "${PROMOTE_AT}s$([ "$mode" = async ] && [ "${LAG:-0}" != 0 ] && echo ", standby frozen ${LAG}s before")"
  start_server "$mode-primary" "$p1"
  psql_at "$p1" "create database tpcc"
  "$TPCC" prepare --conn "host=127.0.0.1 port=$p1 user=postgres dbname=tpcc" --warehouses "$W" \
    --no-check >"$DEMO_DIR/$mode-prepare.log"
  start_server "$mode-standby" "$p2" "$p1"
  if [ "$mode" = sync ]; then
    psql_at "$p1" "alter system set synchronous_standby_names = '${mode}_standby'"
    psql_at "$p1" "select pg_reload_conf()" >/dev/null
    until [ "$(psql_at "$p1" "select count(*) from pg_stat_replication where sync_state = 'sync'")" = 1 ]; do
      sleep 0.2
    done
  else
    # Asynchronous, and the primary does not wait for its own disk either.
    psql_at "$p1" "alter system set synchronous_commit = off"
    psql_at "$p1" "select pg_reload_conf()" >/dev/null
  fi
  local results="$DEMO_DIR/$mode-results" log="$DEMO_DIR/$mode-run.log" status=0
  "$TPCC" run --conn "host=127.0.0.1,127.0.0.1 port=$p1,$p2 user=postgres dbname=tpcc target_session_attrs=read-write" \
    --terminals "$T" --warmup 0 --duration "$DURATION" --report-interval 1 --failover \
    --max-downtime 30 --result-dir "$results" >"$log" 2>&1 &
  local pid=$! lag=0 receiver=
  [ "$mode" = async ] && lag=${LAG:-0}
  sleep "$(python3 -c "print(max(0, $PROMOTE_AT - $lag))")"
  if [ "$lag" != 0 ]; then
    receiver=$(psql_at "$p2" "select pid from pg_stat_wal_receiver")
    kill -STOP "$receiver"
    sleep "$lag"
  fi
  as_pg "$PG_BIN/pg_ctl" -D "$DEMO_DIR/$mode-primary/data" -m immediate -w stop >/dev/null
  [ -n "$receiver" ] && kill -CONT "$receiver"
  as_pg "$PG_BIN/pg_ctl" -D "$DEMO_DIR/$mode-standby/data" -w promote >/dev/null
  wait "$pid" || status=$?
  python3 - "$results/result.json" "$status" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
l = r["ledger"] or {}
print(f"RTO {r['rto_seconds']} s; outages:",
      "; ".join(f"{o['start_seconds']}-{o['end_seconds']} s {o['host_before']} -> {o['host_after']}"
                for o in r["outages"]) or "none")
print(f"ledger: acknowledged {l.get('acknowledged')}, lost {l.get('lost')}, "
      f"checked on {l.get('checked_on_host')}; tpmC {r['tpmC']}; exit {sys.argv[2]}")
PY
  local from=$((PROMOTE_AT - 2)) to=$((PROMOTE_AT + 6))
  grep -E '^\[ *[0-9]+s \]' "$log" | awk -v a="$from" -v b="$to" \
    '{ s = $2; sub(/s$/, "", s); if (s + 0 >= a && s + 0 <= b) print }'
  grep -E 'reconnected to|acknowledged commits|FAILOVER|OUTAGE|run failed' "$log" | sed 's/^/  /'
  for data in "$DEMO_DIR/$mode-primary/data" "$DEMO_DIR/$mode-standby/data"; do
    as_pg "$PG_BIN/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1 || true
  done
  echo
}

for mode in ${MODES:-sync async}; do run_mode "$mode"; done
