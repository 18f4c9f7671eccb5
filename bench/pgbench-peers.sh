#!/usr/bin/env bash
# tpcc against pgbench 15 on one throwaway server, with the same command
# line (only the program name changed): the load of `pgbench -i -s SCALE`
# (wall time), then select-only (-S), simple-update (-N) and a read-only and
# a read-write script with a gaussian hot range (bench/pgbench-scripts/) at
# CLIENTS clients, -M MODE (prepared), TIME seconds, ROUNDS rounds, the
# tools in turn (odd rounds pgbench first, even rounds last). Prints, per test and tool, the medians of tps, the average latency
# (ms) and the client's CPU per transaction (user + system of the client
# process over its whole run, divided by the transactions it reports).
#
#   bench/pgbench-peers.sh [BINARY=build/tpcc] [SCALE=50] [CLIENTS=8] [TIME=20] [ROUNDS=3]
#
# DURABLE=1 (bench/throwaway-pg.sh) measures against a durable server;
# TESTS="simple-update rw.sql" runs only those; MODE=simple (or extended)
# is the -M both tools are given instead of prepared; JOBS is the -j both
# are given (CLIENTS: a thread per client; 1: every client on one thread);
# BEFORE=OTHER_BINARY runs that tpcc too in each round, after BINARY, as
# the tool "before".
set -euo pipefail
cd "$(dirname "$0")/.."
BINARY=${1:-build/tpcc}; SCALE=${2:-50}; CLIENTS=${3:-8}; TIME=${4:-20}; ROUNDS=${5:-3}
MODE=${MODE:-prepared}
JOBS=${JOBS:-$CLIENTS}
BEFORE=${BEFORE:+$(realpath "$BEFORE")}
SCRIPTS=$(realpath bench/pgbench-scripts)
source bench/pgbench-side.sh

for db in pgb_pgbench pgb_tpcc; do "$PG_BIN/psql" "$PG_CONN" -Xqc "create database $db"; done
succeeded() {
  [ "$(timed_field "$2" 2)" = 0 ] || { echo "$1 failed:"; tail -20 "$2"; exit 1; }
}

print_server_settings
echo "scale $SCALE, $CLIENTS clients on $JOBS thread(s), -M $MODE, ${TIME}s runs, $ROUNDS round(s)"
# shellcheck disable=SC2046  # the words are the arguments
timed "$PG_DIR/load-pgbench.log" "$PGBENCH" -i -q -s "$SCALE" $(target pgb_pgbench)
succeeded "pgbench -i" "$PG_DIR/load-pgbench.log"
# shellcheck disable=SC2046
timed "$PG_DIR/load-tpcc.log" "$BINARY" pgbench -i -q -s "$SCALE" $(target pgb_tpcc)
succeeded "tpcc pgbench -i" "$PG_DIR/load-tpcc.log"
awk -v p="$(timed_field "$PG_DIR/load-pgbench.log" 3)" \
  -v t="$(timed_field "$PG_DIR/load-tpcc.log" 3)" -v rows=$((SCALE * 100000)) 'BEGIN {
  printf "load of %d accounts: pgbench -i %.1f s, tpcc %.1f s (%.2fx pgbench'"'"'s rows/s)\n",
    rows, p, t, p / t }'

# tps latency-ms client-ms-per-transaction of one run's log (and result.json).
pgbench_figures() {
  awk '/number of transactions actually processed:/ {split($6, a, "/"); tx = a[1]}
       /latency average =/ {lat = $4}
       /^tps = / {tps = $3}
       /^TIMED / {cpu = $4}
       END {printf "%s %s %.4f\n", tps, lat, cpu * 1000 / tx}' "$1"
}
tpcc_figures() {
  read -r tps latency transactions < <(json_fields "$2" pgbench.tps \
    pgbench.latency_ms.average pgbench.transactions)
  awk -v c="$(timed_field "$1" 4)" -v n="$transactions" \
    -v f="$tps $latency" 'BEGIN {printf "%s %.4f\n", f, c * 1000 / n}'
}

TESTS=${TESTS:-select-only simple-update ro.sql rw.sql}
script_args() {
  case $1 in
    select-only) echo "-S" ;;
    simple-update) echo "-N" ;;
    *) echo "-f $SCRIPTS/$1 -D scale=$SCALE -D range=$((SCALE * 100000))" ;;
  esac
}
# run_tool TOOL TEST ROUND: one run of TOOL (pgbench, tpcc, before), its
# figures added to the TEST's.
declare -A figures
run_tool() {
  local tool=$1 test=$2 round=$3 log="$PG_DIR/$2-$1-$3.log" binary=$BINARY
  if [ "$tool" = pgbench ]; then
    # shellcheck disable=SC2046
    timed "$log" "$PGBENCH" -n -M "$MODE" -c "$CLIENTS" -j "$JOBS" -T "$TIME" \
      $(script_args "$test") $(target pgb_pgbench)
    succeeded "pgbench $test" "$log"
    figures[$test,pgbench]+="$(pgbench_figures "$log")"$'\n'
    return
  fi
  [ "$tool" = before ] && binary=$BEFORE
  # shellcheck disable=SC2046
  timed "$log" "$binary" pgbench -n -M "$MODE" -c "$CLIENTS" -j "$JOBS" -T "$TIME" \
    $(script_args "$test") $(target pgb_tpcc) "--result-dir=$PG_DIR/$test-$tool-$round"
  succeeded "$tool pgbench $test" "$log"
  figures[$test,$tool]+="$(tpcc_figures "$log" "$PG_DIR/$test-$tool-$round/result.json")"$'\n'
}
TOOLS="pgbench tpcc ${BEFORE:+before}"
for test in $TESTS; do
  for round in $(seq 1 "$ROUNDS"); do
    # Odd rounds in the listed order, even ones in reverse: no tool always
    # meets the database the others have just grown.
    order=$TOOLS
    ((round % 2)) || order=$(echo "$TOOLS" | tr ' ' '\n' | tac | tr '\n' ' ')
    for tool in $order; do run_tool "$tool" "$test" "$round"; done
  done
done

printf "%-14s %-8s %10s %12s %16s\n" test tool tps "latency ms" "client ms/txn"
for test in $TESTS; do
  for tool in $TOOLS; do
    col() { printf "%s" "${figures[$test,$tool]}" | awk -v c="$1" 'NF {print $c}' | median; }
    printf "%-14s %-8s %10.1f %12.3f %16.4f\n" "$test" "$tool" "$(col 1)" "$(col 2)" "$(col 3)"
  done
done
