#!/usr/bin/env bash
# The cost of distribution: the same W and terminals on one throwaway server
# and on a throwaway Citus cluster (a coordinator and two workers, started by
# `tpcc quickstart --citus-workers 2 --keep`, i.e. pgserver/citus_cluster.cpp),
# each in statements and procedures mode. For each run: tpmC, client CPU per
# transaction (user+sys of the tpcc process over every transaction it ran)
# and, on Citus, the share of the coordinator's distributed executions that
# went to a single shard, hence a single worker (citus_stat_counters; in
# procedures mode one execution is one transaction, in statements mode one
# statement). `tpcc check` after every run.
#
#   bench/citus.sh [WAREHOUSES=4] [TERMINALS=8] [WARMUP=10] [DURATION=60]
#
# All servers share this machine's cores with the client: on a 2-core
# machine the figures show what distribution costs, not what it gains.
set -euo pipefail
cd "$(dirname "$0")/.."
W=${1:-4}; T=${2:-8}; WARMUP=${3:-10}; DURATION=${4:-60}
TPCC=${TPCC:-./build/tpcc}
[ -x "$TPCC" ] || { echo "build first: scripts/build.sh (looked for $TPCC)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time missing: apt-get install time" >&2; exit 2; }
command -v python3 >/dev/null || { echo "python3 missing: apt-get install python3" >&2; exit 2; }
command -v psql >/dev/null || { echo "psql missing: apt-get install postgresql-client" >&2; exit 2; }
source bench/throwaway-pg.sh
source bench/measure.sh

# The Citus cluster: quickstart loads it (W warehouses, checked) and keeps
# it; its "Starting a throwaway PostgreSQL in DIR" lines name the nodes.
CITUS_LOG="$PG_DIR/citus-quickstart.log"
"$TPCC" quickstart --citus-workers 2 --keep --warehouses "$W" --terminals 1 --duration 1 \
  --result-dir "$PG_DIR/citus-quickstart" >"$CITUS_LOG" 2>&1 ||
  { echo "tpcc quickstart --citus-workers 2 failed:" >&2; tail -20 "$CITUS_LOG" >&2; exit 1; }
mapfile -t CITUS_NODES < <(sed -n 's/^Starting a throwaway PostgreSQL in \([^ ]*\) .*/\1/p' "$CITUS_LOG")
CITUS_CONN=$(sed -n 's/^coordinator ready: //p' "$CITUS_LOG")
stop_citus() {
  local dir
  for dir in "${CITUS_NODES[@]}"; do
    as_pg "$PG_BIN/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
  done
}
trap 'stop_citus; stop_throwaway_pg' EXIT
psql -q "$CITUS_CONN" -c "alter system set citus.enable_stat_counters = on" -c "select pg_reload_conf()" >/dev/null

# single-shard and multi-shard executions so far on the coordinator
citus_counters() {
  psql -At -F ' ' "$CITUS_CONN" -c "select query_execution_single_shard, query_execution_multi_shard
                                      from citus_stat_counters where name = current_database()"
}

"$TPCC" prepare --conn "$PG_CONN" --warehouses "$W" --no-check >"$PG_DIR/prepare.log"
echo "W=$W, $T terminals, ${WARMUP}s warm-up, ${DURATION}s measured; fsync off; $(nproc) cores shared by client and servers"
printf '%-18s %-11s %10s %15s %22s\n' setup mode tpmC "client us/txn" "single-shard share"
SINGLE_DIR=$PG_DIR; SINGLE_CONN=$PG_CONN
for setup in single citus; do
  for mode in statements procedures; do
    share="-"
    if [ "$setup" = citus ]; then
      # measured_run reads the server from PG_DIR and PG_CONN: the coordinator's.
      PG_DIR=${CITUS_NODES[0]}; PG_CONN=$CITUS_CONN
      read -r single0 multi0 < <(citus_counters)
    else
      PG_DIR=$SINGLE_DIR; PG_CONN=$SINGLE_CONN
    fi
    dir="$SINGLE_DIR/$setup-$mode"
    measured_run "$TPCC" "$dir" --mode "$mode" --terminals "$T" --warmup "$WARMUP" \
      --duration "$DURATION" --report-interval 30
    if [ "$setup" = citus ]; then
      read -r single1 multi1 < <(citus_counters)
      share=$(awk -v s=$((single1 - single0)) -v m=$((multi1 - multi0)) \
        'BEGIN { printf "%.1f%% of %d", (s + m) ? 100 * s / (s + m) : 0, s + m }')
    fi
    printf '%-18s %-11s %10.0f %15.1f %22s\n' "$setup" "$mode" "$r_tpmc" "$r_client" "$share"
  done
done
PG_DIR=$SINGLE_DIR; PG_CONN=$SINGLE_CONN
