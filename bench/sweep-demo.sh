#!/usr/bin/env bash
# tpcc sweep end to end on one throwaway server: W warehouses loaded once
# and kept as a snapshot, then terminals swept over TERMINALS, each point
# REPEAT runs, each run restored from the snapshot first; prints the
# sweep's table and where its page is (docs/experiments.md, Sweeps).
#
#   bench/sweep-demo.sh [WAREHOUSES=4] [TERMINALS=2,4,8,16] [REPEAT=3] [WARMUP=5] [DURATION=20]
#
# SWEEP_ARGS adds options to the sweep (SWEEP_ARGS="--vary-setting work_mem=4MB,64MB").
# KEEP=1 keeps the server's directory (the results are in it) after the end.
set -euo pipefail
cd "$(dirname "$0")/.."
W=${1:-4}; TERMINALS=${2:-2,4,8,16}; REPEAT=${3:-3}; WARMUP=${4:-5}; DURATION=${5:-20}
TPCC=${TPCC:-./build/tpcc}
[ -x "$TPCC" ] || { echo "build first: scripts/build.sh (looked for $TPCC)" >&2; exit 2; }
source bench/throwaway-pg.sh
if [ "${KEEP:-0}" = 1 ]; then trap 'as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast stop >/dev/null 2>&1 || true; echo "kept $PG_DIR"' EXIT; fi

"$PG_BIN/psql" -X -q "$PG_CONN" -c "create database tpcc_demo"
CONN="${PG_CONN/dbname=postgres/dbname=tpcc_demo}"
"$TPCC" prepare --conn "$CONN" --warehouses "$W" --no-check >"$PG_DIR/prepare.log"
"$TPCC" snapshot --conn "$CONN" >"$PG_DIR/snapshot.log"
echo "W=$W, terminals $TERMINALS, $REPEAT restored run(s) of ${WARMUP}s warm-up + ${DURATION}s each"
status=0
# shellcheck disable=SC2086  # word splitting of the extra options is wanted
"$TPCC" sweep --conn "$CONN" --restore --repeat "$REPEAT" --warmup "$WARMUP" \
  --duration "$DURATION" --report-interval "$DURATION" --vary terminals="$TERMINALS" \
  ${SWEEP_ARGS:-} --result-dir "$PG_DIR/sweep" >"$PG_DIR/sweep.log" || status=$?
# The table the sweep ends with: from its "sweep: N points" line on.
sed -n '/^sweep: [0-9]* points/,$p' "$PG_DIR/sweep.log"
echo "exit status $status; page: $PG_DIR/sweep/report.html"
exit "$status"
