#!/usr/bin/env bash
# A fault campaign over the verbs of sysbench's oltp tests, pgbench's
# scripts and the ingest workload (TPC-C's own cases are tests/pg's
# run_faults, prepare_resume and failover): for each workload, a prepare
# and a run interrupted (SIGINT) and cut off from their server (an
# immediate shutdown), a run whose server comes back, verbs against a
# server that is down, a sweep interrupted and continued, a password in the
# connection, the client killed with SIGKILL; after each, what the kit must
# say: its exit status, the result files and `tpcc check`. One line per
# case: the workload, the case, the exit status expected and seen, and
# what was checked; a last line counts the cases that did not hold (exit 1
# when any).
#
# The server is durable (fsync and synchronous_commit on) unless DURABLE=0:
# an immediate shutdown of a server without them loses commits it
# acknowledged, which the ingest's check rightly reports as rows missing.
# The ingest's prepare creates empty tables in an instant: its two
# interrupted prepares are not tried.
#
#   bench/fault-campaign.sh TPCC_BINARY [WORKLOADS="oltp pgbench ingest"]
set -uo pipefail
export DURABLE=${DURABLE:-1}
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { sed -n '2,13p' "$0" >&2; exit 2; }
TPCC=$(readlink -f "$1"); WORKLOADS=${2:-"oltp pgbench ingest"}
[ -x "$TPCC" ] || { echo "not an executable: $TPCC" >&2; exit 2; }
source bench/throwaway-pg.sh
set +e
WORK=$PG_DIR/campaign; mkdir -p "$WORK"
failures=0

server_down() { as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate -w stop >/dev/null 2>&1; }
server_up() { as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w start >/dev/null 2>&1; }

# verdict WORKLOAD CASE EXPECTED SEEN [CONDITION_OK DETAIL]
verdict() {
  local ok=yes
  [ "$3" = "$4" ] || ok=no
  [ "${5:-yes}" = yes ] || ok=no
  [ $ok = yes ] || failures=$((failures + 1))
  printf '%-8s %-58s expected %-3s got %-3s %-4s %s\n' "$1" "$2" "$3" "$4" \
    "$([ $ok = yes ] && echo ok || echo FAIL)" "${6:-}"
  # What the command said (the last lines of its output and of the last check).
  [ $ok = yes ] || tail -n 4 "$WORK/out.log" "$WORK/check.log" 2>/dev/null | sed 's/^/    /'
}

# The options that select each workload, and a prepare of a few seconds.
workload_args() {
  case $1 in
    oltp) echo "--workload oltp_read_write --tables 4 --table-size 300000" ;;
    pgbench) echo "--workload pgbench --scale 30" ;;
    ingest) echo "--workload ingest" ;;
  esac
}

# Runs tpcc with ARGS in the background, sends SIGNAL after DELAY seconds
# (or runs ACTION), and returns its exit status in $status.
interrupted() {
  local delay=$1 action=$2; shift 2
  "$TPCC" "$@" >"$WORK/out.log" 2>&1 &
  local pid=$!
  sleep "$delay"
  case $action in
    INT|KILL) kill -s "$action" "$pid" ;;
    down) server_down ;;
  esac
  wait "$pid"; status=$?
}

check_ok() { "$TPCC" check --conn "$1" $2 >"$WORK/check.log" 2>&1; }

for w in $WORKLOADS; do
  db="camp_$w"
  "$PG_BIN/psql" "$PG_CONN" -Xqc "create database $db" >/dev/null
  conn="host=$PG_DIR/socket port=$PG_PORT user=postgres dbname=$db"
  args=$(workload_args "$w")
  # shellcheck disable=SC2086
  {
    if [ "$w" != ingest ]; then
      interrupted 2 INT prepare --conn "$conn" $args
      verdict "$w" "prepare, SIGINT at 2 s" 130 "$status"
      interrupted 2 down prepare --conn "$conn" $args
      verdict "$w" "prepare, server shut down (immediate) at 2 s" 3 "$status"
      server_up
    fi
    "$TPCC" prepare --conn "$conn" $args >"$WORK/out.log" 2>&1; status=$?
    verdict "$w" "prepare again: resumes and checks" 0 "$status" \
      "$(grep -q 'loaded\|nothing to load\|resum\|checks hold' "$WORK/out.log" && echo yes || echo no)"

    dir=$WORK/$w-int
    interrupted 3 INT run --conn "$conn" $args --terminals 4 --duration 20 --result-dir "$dir"
    verdict "$w" "run, SIGINT at 3 s: results written" 130 "$status" \
      "$([ -s "$dir/result.json" ] && grep -q '"exit_status": 130' "$dir/result.json" && echo yes || echo no)"
    check_ok "$conn" "$args"; verdict "$w" "check after the interrupted run" 0 $?

    dir=$WORK/$w-back
    ( sleep 3; server_down; sleep 3; server_up ) &
    "$TPCC" run --conn "$conn" $args --terminals 4 --duration 15 --result-dir "$dir" >"$WORK/out.log" 2>&1; status=$?
    wait
    verdict "$w" "run, server down at 3 s and back at 6 s: says so" 1 "$status" \
      "$(grep -q 'downtime\|outage\|reconnect' "$dir/result.json" && echo yes || echo no)"
    check_ok "$conn" "$args"; verdict "$w" "check after the outage" 0 $?

    dir=$WORK/$w-lost
    interrupted 3 down run --conn "$conn" $args --terminals 4 --duration 30 --max-downtime 5 --result-dir "$dir"
    verdict "$w" "run, server gone at 3 s for good: exit 3, results written" 3 "$status" \
      "$([ -s "$dir/result.json" ] && echo yes || echo no)"
    "$TPCC" check --conn "$conn" $args >"$WORK/out.log" 2>&1
    verdict "$w" "check with the server down" 3 $?
    "$TPCC" cleanup --conn "$conn" $args >"$WORK/out.log" 2>&1
    verdict "$w" "cleanup with the server down" 3 $?
    server_up
    check_ok "$conn" "$args"; status=$?
    # oltp: a run that could not record its row changes leaves the count
    # unknown, and check says so (exit 1) until the next prepare; the
    # ingest: the rows it could not record are more than the record says
    # (exit 1); pgbench's balances hold whatever committed.
    expected=0; [ "$w" != pgbench ] && expected=1
    verdict "$w" "check after the lost server" "$expected" "$status" \
      "$([ "$w" != oltp ] || grep -q 'unknown\|has not recorded' "$WORK/check.log" && echo yes || echo no)"
    [ "$w" = oltp ] && "$TPCC" prepare --conn "$conn" $args --no-check >/dev/null 2>&1

    dir=$WORK/$w-kill
    interrupted 3 KILL run --conn "$conn" $args --terminals 4 --duration 15 --result-dir "$dir"
    verdict "$w" "run, client SIGKILL at 3 s: config.json and intervals kept" 137 "$status" \
      "$([ -s "$dir/config.json" ] && echo yes || echo no)"
    sleep 1
    check_ok "$conn" "$args"; status=$?
    verdict "$w" "check after the killed client" "$expected" "$status"
    [ "$w" = oltp ] && "$TPCC" prepare --conn "$conn" $args --no-check >/dev/null 2>&1

    dir=$WORK/$w-sweep
    interrupted 6 INT sweep --conn "$conn" $args --vary terminals=1,2,3 --duration 3 --warmup 0 --result-dir "$dir"
    verdict "$w" "sweep, SIGINT in a point" 130 "$status"
    "$TPCC" sweep --conn "$conn" $args --vary terminals=1,2,3 --duration 3 --warmup 0 --result-dir "$dir" >"$WORK/out.log" 2>&1; status=$?
    verdict "$w" "the same sweep again: continues, finishes" 0 "$status" \
      "$(grep -qi 'continu\|kept\|already' "$WORK/out.log" && echo yes || echo no)"

    dir=$WORK/$w-password
    "$TPCC" run --conn "$conn password=Campaign-Secret-42" $args --terminals 2 --duration 2 --result-dir "$dir" >"$WORK/out.log" 2>&1; status=$?
    verdict "$w" "run with a password: in no file nor on the console" 0 "$status" \
      "$(grep -rq 'Campaign-Secret-42' "$dir" "$WORK/out.log" && echo no || echo yes)"

    "$TPCC" cleanup --conn "$conn" $args >"$WORK/out.log" 2>&1
    verdict "$w" "cleanup" 0 $?
  }
done
echo "cases that did not hold: $failures"
[ "$failures" = 0 ]
