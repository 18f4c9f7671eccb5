#!/usr/bin/env bash
# tpcc against Debian's sysbench 1.0.20 on one throwaway server, with the
# same command line (only the program name changed): the load of the same
# sbtest tables (wall time), then oltp_read_write and oltp_read_only with
# the same threads and time, ROUNDS rounds alternating the tools. Prints,
# per test and tool, the medians of tps, qps, the 95th percentile (ms) and
# the client's CPU per transaction (user + system of the client process over
# its whole run, divided by the transactions it reports).
#
#   bench/sysbench-peers.sh [BINARY=build/tpcc] [TABLES=4] [TABLE_SIZE=100000] [THREADS=4] [TIME=20] [ROUNDS=3]
#
# DURABLE=1 (bench/throwaway-pg.sh) measures against a durable server.
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

for db in sb_sysbench sb_tpcc; do "$PG_BIN/psql" "$PG_CONN" -Xqc "create database $db"; done
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
# shellcheck disable=SC2046  # the line's words are the arguments
timed "$PG_DIR/load-sysbench.log" sysbench $(line oltp_read_write sb_sysbench prepare)
# shellcheck disable=SC2046
timed "$PG_DIR/load-tpcc.log" "$BINARY" $(line oltp_read_write sb_tpcc prepare)
for tool in sysbench tpcc; do
  [ "$(timed_field "$PG_DIR/load-$tool.log" 2)" = 0 ] ||
    { echo "$tool prepare failed:"; tail -20 "$PG_DIR/load-$tool.log"; exit 1; }
done
sysbench_load=$(timed_field "$PG_DIR/load-sysbench.log" 3)
tpcc_load=$(timed_field "$PG_DIR/load-tpcc.log" 3)
awk -v s="$sysbench_load" -v t="$tpcc_load" -v rows=$((TABLES * SIZE)) 'BEGIN {
  printf "load of %d rows: sysbench %.1f s, tpcc %.1f s (%.2fx faster)\n", rows, s, t, s / t }'

# tps qps p95 client-ms-per-transaction of one run's log (and result.json).
sysbench_figures() {
  awk '/transactions:/ {gsub(/\(/, ""); tx = $2; tps = $3}
       /queries:/ && !/performed/ {gsub(/\(/, ""); qps = $3}
       /95th percentile:/ {p95 = $3}
       /^TIMED / {cpu = $4}
       END {printf "%s %s %s %.4f\n", tps, qps, p95, cpu * 1000 / tx}' "$1"
}
tpcc_figures() {
  python3 - "$1" "$2" <<'PY'
import json, sys
s = json.load(open(sys.argv[2]))["sysbench"]
cpu = [float(l.split()[3]) for l in open(sys.argv[1]) if l.startswith("TIMED ")][0]
print(s["tps"], s["qps"], s["latency_ms"]["p95"], "%.4f" % (cpu * 1000 / s["transactions"]))
PY
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
