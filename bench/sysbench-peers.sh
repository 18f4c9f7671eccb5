#!/usr/bin/env bash
# tpcc against Debian's sysbench 1.0.20 on one throwaway server, with the
# same command line (only the program name changed): the load of the same
# sbtest tables (wall time of each prepare, tpcc's check after its load
# included), then oltp_read_write and oltp_read_only with the same threads
# and time, ROUNDS rounds alternating the tools. Prints each round's load
# times, their medians and ratio, then per test and tool the medians of
# tps, qps, the 95th percentile (ms) and the client's CPU per transaction
# (user + system of the client process over its whole run, divided by the
# transactions it reports).
#
#   bench/sysbench-peers.sh [BINARY=build/tpcc] [TABLES=4] [TABLE_SIZE=100000] [THREADS=4] [TIME=20] [ROUNDS=3]
#
# DURABLE=1 (bench/throwaway-pg.sh) measures against a durable server;
# LOAD_ONLY=1 stops after the loads; FLOOR=1 measures after them what the
# server alone takes to load the same tables (below). Each load goes into a
# new database, after a CHECKPOINT (untimed) has written the one before it
# out.
set -euo pipefail
cd "$(dirname "$0")/.."
BINARY=${1:-build/tpcc}; TABLES=${2:-4}; SIZE=${3:-100000}; THREADS=${4:-4}; TIME=${5:-20}
ROUNDS=${6:-3}
[ -x "$BINARY" ] || { echo "not an executable: $BINARY" >&2; exit 2; }
command -v sysbench >/dev/null || { echo "sysbench missing: apt-get install sysbench" >&2; exit 2; }
command -v python3 >/dev/null || { echo "python3 missing: apt-get install python3" >&2; exit 2; }
BINARY=$(realpath "$BINARY")
source bench/throwaway-pg.sh
source bench/measure.sh

# The guide's line for TEST and COMMAND against DB, with extra options.
line() {
  local test=$1 db=$2 command=$3
  shift 3
  echo "$test --db-driver=pgsql --pgsql-host=$PG_DIR/socket --pgsql-port=$PG_PORT" \
    "--pgsql-user=postgres --pgsql-db=$db --tables=$TABLES --table-size=$SIZE" \
    "--threads=$THREADS $* $command"
}

print_server_settings
echo "$TABLES tables of $SIZE rows, $THREADS threads, ${TIME}s runs, $ROUNDS round(s)"
declare -A loads
for round in $(seq 1 "$ROUNDS"); do
  for tool in sysbench tpcc; do
    PGOPTIONS="-c client_min_messages=warning" "$PG_BIN/psql" "$PG_CONN" -Xqc "drop database if exists sb_$tool" -c "checkpoint" \
      -c "create database sb_$tool"
    program=sysbench
    [ "$tool" = tpcc ] && program=$BINARY
    # shellcheck disable=SC2046  # the line's words are the arguments
    timed "$PG_DIR/load-$tool.log" "$program" $(line oltp_read_write "sb_$tool" prepare)
    [ "$(timed_field "$PG_DIR/load-$tool.log" 2)" = 0 ] ||
      { echo "$tool prepare failed:"; tail -20 "$PG_DIR/load-$tool.log"; exit 1; }
    loads[$tool]+="$(timed_field "$PG_DIR/load-$tool.log" 3)"$'\n'
  done
  echo "load round $round: sysbench $(tail -n 2 <<<"${loads[sysbench]}" | head -n 1) s," \
    "tpcc $(tail -n 2 <<<"${loads[tpcc]}" | head -n 1) s"
done
sysbench_load=$(printf "%s" "${loads[sysbench]}" | median)
tpcc_load=$(printf "%s" "${loads[tpcc]}" | median)
awk -v s="$sysbench_load" -v t="$tpcc_load" -v rows=$((TABLES * SIZE)) -v r="$ROUNDS" 'BEGIN {
  printf "load of %d rows, median of %d: sysbench %.1f s, tpcc %.1f s (%.2fx faster)\n",
    rows, r, s, t, s / t }'

# The floor: the server alone, with no client to generate rows. TABLES
# sessions at once each create a table, COPY FREEZE tpcc's sbtest1 into it
# from a server-side binary file, add the key and the k index, ANALYZE and
# commit; wall time from the first session's start to the last one's end.
if [ "${FLOOR:-0}" = 1 ]; then
  tpcc_db="${PG_CONN/dbname=postgres/dbname=sb_tpcc}"
  chmod a+rx "$PG_DIR"
  "$PG_BIN/psql" "$tpcc_db" -Xqc "copy sbtest1 to '$PG_DIR/rows.bin' with (format binary)"
  floors=""
  for round in $(seq 1 "$ROUNDS"); do
    "$PG_BIN/psql" "$tpcc_db" -Xqc "checkpoint"
    start=$(date +%s.%N)
    for t in $(seq 1 "$TABLES"); do
      "$PG_BIN/psql" "$tpcc_db" -Xq -c "begin" -c "create table floor$t (like sbtest1)" \
        -c "copy floor$t from '$PG_DIR/rows.bin' with (format binary, freeze)" \
        -c "alter table floor$t add primary key (id)" -c "create index on floor$t(k)" \
        -c "analyze floor$t" -c "commit" &
    done
    wait
    floors+="$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.3f", b - a }')"$'\n'
    for t in $(seq 1 "$TABLES"); do "$PG_BIN/psql" "$tpcc_db" -Xqc "drop table floor$t"; done
  done
  printf "the server alone (COPY FREEZE from a file, key, k index, ANALYZE), median of %d: %.1f s\n" \
    "$ROUNDS" "$(printf "%s" "$floors" | median)"
fi
[ "${LOAD_ONLY:-0}" = 1 ] && exit 0

# tps qps p95 client-ms-per-transaction of one run's log (and result.json).
sysbench_figures() {
  awk '/transactions:/ {gsub(/\(/, ""); tx = $2; tps = $3}
       /queries:/ && !/performed/ {gsub(/\(/, ""); qps = $3}
       /95th percentile:/ {p95 = $3}
       /^TIMED / {cpu = $4}
       END {printf "%s %s %s %.4f\n", tps, qps, p95, cpu * 1000 / tx}' "$1"
}
tpcc_figures() {
  read -r tps qps p95 transactions < <(json_fields "$2" sysbench.tps sysbench.qps \
    sysbench.latency_ms.p95 sysbench.transactions)
  awk -v c="$(timed_field "$1" 4)" -v n="$transactions" \
    -v f="$tps $qps $p95" 'BEGIN {printf "%s %.4f\n", f, c * 1000 / n}'
}

declare -A figures
for test in oltp_read_write oltp_read_only; do
  for round in $(seq 1 "$ROUNDS"); do
    log="$PG_DIR/$test-sysbench-$round.log"
    # shellcheck disable=SC2046
    timed "$log" sysbench $(line "$test" sb_sysbench run "--time=$TIME" --report-interval=60)
    figures[$test,sysbench]+="$(sysbench_figures "$log")"$'\n'
    log="$PG_DIR/$test-tpcc-$round.log"
    # shellcheck disable=SC2046
    timed "$log" "$BINARY" $(line "$test" sb_tpcc run "--time=$TIME" --report-interval=60 \
      "--result-dir=$PG_DIR/$test-tpcc-$round")
    [ "$(timed_field "$log" 2)" = 0 ] || { echo "tpcc run failed:"; tail -20 "$log"; exit 1; }
    figures[$test,tpcc]+="$(tpcc_figures "$log" "$PG_DIR/$test-tpcc-$round/result.json")"$'\n'
  done
done

printf "%-16s %-9s %10s %11s %8s %16s\n" test tool tps qps "p95 ms" "client ms/txn"
for test in oltp_read_write oltp_read_only; do
  for tool in sysbench tpcc; do
    col() { printf "%s" "${figures[$test,$tool]}" | awk -v c="$1" 'NF {print $c}' | median; }
    printf "%-16s %-9s %10.1f %11.1f %8.2f %16.4f\n" "$test" "$tool" "$(col 1)" "$(col 2)" \
      "$(col 3)" "$(col 4)"
  done
done
