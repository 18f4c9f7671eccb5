#!/usr/bin/env bash
# `tpcc pgbench -i -s SCALE` (the load and the check tpcc runs after it)
# against `pgbench -i -s SCALE` on one throwaway server, ROUNDS rounds that
# alternate which tool loads first, each into a database made anew. Prints
# each load's wall and client CPU seconds, then tpcc's rows/s over
# pgbench's (the inverse of the wall times) per round, by which tool went
# first, and overall.
#
#   bench/pgbench-init-peers.sh [BINARY=build/tpcc] [SCALE=50] [ROUNDS=4]
#
# DURABLE=1 (bench/throwaway-pg.sh) measures against a durable server;
# WAL_LEVEL=replica against a primary that keeps WAL for standbys, where
# neither tool's new tables skip WAL.
set -euo pipefail
cd "$(dirname "$0")/.."
BINARY=${1:-build/tpcc}; SCALE=${2:-50}; ROUNDS=${3:-4}
source bench/pgbench-side.sh

# load TOOL ROUND: the tool's load into a database of its own, made anew.
load() {
  local db="init_$1" log="$PG_DIR/load-$1-$2.log"
  "$PG_BIN/psql" "$PG_CONN" -Xqc "drop database if exists $db" -c "create database $db"
  local program=("$PGBENCH")
  [ "$1" = tpcc ] && program=("$BINARY" pgbench)
  # shellcheck disable=SC2046  # the words are the arguments
  timed "$log" "${program[@]}" -i -s "$SCALE" $(target "$db")
  [ "$(timed_field "$log" 2)" = 0 ] || { echo "$1 -i failed:"; tail -20 "$log"; exit 1; }
  printf "round %d %-8s wall %6.2f s  client CPU %6.2f s\n" "$2" "$1" \
    "$(timed_field "$log" 3)" "$(timed_field "$log" 4)"
}

print_server_settings
echo "scale $SCALE ($((SCALE * 100000)) accounts), $ROUNDS round(s)"
RATIOS="$PG_DIR/ratios"
for round in $(seq 1 "$ROUNDS"); do
  read -r first second <<<"$(round_order "$round" pgbench tpcc)"
  load "$first" "$round"
  load "$second" "$round"
  p=$(timed_field "$PG_DIR/load-pgbench-$round.log" 3)
  t=$(timed_field "$PG_DIR/load-tpcc-$round.log" 3)
  # rows/s is rows over the wall time: tpcc's over pgbench's is p / t.
  echo "$round $first rows/s $(awk -v w="$p" 'BEGIN {print 1 / w}') $(awk -v w="$t" 'BEGIN {print 1 / w}')" >>"$RATIOS"
  echo "$round $first client-CPU $(timed_field "$PG_DIR/load-pgbench-$round.log" 4) $(timed_field "$PG_DIR/load-tpcc-$round.log" 4)" >>"$RATIOS"
done
for tool in pgbench tpcc; do
  printf "median wall of %-8s %6.2f s\n" "$tool" \
    "$(for r in $(seq 1 "$ROUNDS"); do timed_field "$PG_DIR/load-$tool-$r.log" 3; done | median)"
done
order_summary "$RATIOS" pgbench tpcc
echo "tpcc's last load:"
grep -v '^TIMED' "$PG_DIR/load-tpcc-$ROUNDS.log" | tail -n 12
