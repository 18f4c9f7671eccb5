#!/usr/bin/env bash
# Where the CPU goes in each mode: one load of W warehouses on a throwaway
# server, then a run per mode (statements, procedures) with `perf record`
# sampling every process on the machine (cpu-clock, call graphs) during the
# measured interval. For each mode it prints the share of all samples taken
# by the client (tpcc) and by the server (postgres), and inside the server
# the parts a mode can change: the socket I/O of the protocol, executor
# start-up, planning and parsing, PL/pgSQL itself, and the row work (scans,
# index insertions, WAL) that both modes must do.
#
#   bench/profile.sh [WAREHOUSES=4] [TERMINALS=8] [WARMUP=10] [DURATION=40]
#
# A part's share counts the samples with one of its functions anywhere on
# the stack (the function and what it calls). Debian's server is built
# without frame pointers, so some user-space stacks lose their callers:
# those figures are lower bounds. Kernel stacks are whole.
#
# Then the server CPU per transaction of each type, per mode: each type run
# alone (--mix with 100 for it, --delivery sync so that Delivery is the
# terminal's own transaction) for TYPE_SECONDS (default 20) after a 5 s
# warm-up, the server's CPU (the postmaster and its children, /proc) over
# the run divided by the transactions it ran; with the client's CPU and
# context switches per transaction beside it. Delivery runs first, on the
# fresh load, and a fixed number of times per terminal that consumes at most
# half the loaded undelivered orders, so that it never meets an empty
# district (a skipped delivery costs less). Every type run starts after a
# VACUUM and a CHECKPOINT, with autovacuum off until the last one (and on
# again for the perf runs), so that no run is charged with the cleaning up
# after another; the WAL writer's, checkpointer's and background writer's
# CPU still count, as the type's own. Limits: a type alone is not the
# mix (no contention with the other types, other cache contents), so the
# line "the types weighted by the mix" estimates the mixed run printed
# under it rather than equalling it.
# Needs perf (Debian package linux-perf) and root or perf_event_paranoid <= 0.
set -euo pipefail
cd "$(dirname "$0")/.."
W=${1:-4}; T=${2:-8}; WARMUP=${3:-10}; DURATION=${4:-40}
TPCC=${TPCC:-./build/tpcc}
[ -x "$TPCC" ] || { echo "build first: scripts/build.sh (looked for $TPCC)" >&2; exit 2; }
command -v perf >/dev/null || { echo "perf missing: apt-get install linux-perf" >&2; exit 2; }
source bench/throwaway-pg.sh
source bench/measure.sh
TYPE_SECONDS=${TYPE_SECONDS:-20}

# One pass over the samples: the share of all samples whose process is the
# client or the server, and for each part of the server the share of
# samples with one of its functions anywhere on the stack.
breakdown() {
  # The client's command name is its file name, as the kernel keeps it
  # (15 characters), whatever TPCC names.
  perf script -i "$1" -F comm,ip,sym,dso 2>/dev/null | awk -v tpcc="$(basename "$TPCC" | cut -c 1-15)" '
    function part(name, re) { names[++n] = name; pattern[n] = re }
    BEGIN {
      RS = ""; FS = "\n"
      part("socket send/receive (kernel)", "^__sys_(sendto|recvfrom)$")
      part("commit", "^CommitTransactionCommand$")
      part("executor start-up and end", "^standard_Executor(Start|End)$")
      part("planning (plan cache and planner)", "^(GetCachedPlan|standard_planner)$")
      part("parsing", "^raw_parser$")
      part("scans (index and heap reads)", "^ExecScan$")
      part("index insertions", "^ExecInsertIndexTuples$")
      part("WAL records", "^XLogInsert$")
    }
    {
      ++total
      split($1, head, " "); comm = head[1]
      if (comm == tpcc) ++client
      if (comm != "postgres") next
      ++server
      # The function running when the sample was taken is the first frame.
      if ($2 ~ /plpgsql\.so/) ++interpreter
      delete seen
      for (f = 2; f <= NF; ++f) {
        split($f, frame, " "); sym = frame[2]; sub(/\+0x[0-9a-f]+$/, "", sym)
        for (i = 1; i <= n; ++i) if (!(i in seen) && sym ~ pattern[i]) { seen[i]; ++hits[i] }
      }
    }
    END {
      printf "  %-40s %5.1f%%\n", "client (" tpcc ")", 100 * client / total
      printf "  %-40s %5.1f%%\n", "server (postgres)", 100 * server / total
      for (i = 1; i <= n; ++i) printf "    %-38s %5.1f%%\n", names[i], 100 * hits[i] / total
      printf "    %-38s %5.1f%%\n", "PL/pgSQL interpreter (its own code)", 100 * interpreter / total
    }'
}

"$TPCC" prepare --conn "$PG_CONN" --warehouses "$W" --no-check >"$PG_DIR/prepare.log"
print_server_settings

# 4.3.3.1: 10 districts per warehouse with 900 undelivered orders each.
loaded_undelivered=$((W * 10 * 900))
deliveries_per_terminal=$((loaded_undelivered / 2 / 10 / T / 2))  # two modes, half each
echo "server CPU per transaction of each type run alone (--mix, --delivery sync," \
  "${TYPE_SECONDS}s; Delivery ${deliveries_per_terminal} per terminal, on undelivered orders):"
printf '%-11s %-13s %12s %14s %14s %13s %6s\n' mode type "txn/min" "server us/txn" \
  "client us/txn" "switches/txn" load
type_run() {  # MODE NAME MIX OPTIONS...
  local mode=$1 name=$2 mix=$3
  shift 3
  sql "vacuum" "checkpoint"
  measured_run "$TPCC" "$PG_DIR/type-$mode-$name" --mode "$mode" --terminals "$T" \
    --mix "$mix" --delivery sync --report-interval 60 "$@"
  printf '%-11s %-13s %12.0f %14.1f %14.1f %13.2f %6s\n' "$mode" "$name" "$r_total" \
    "$r_server" "$r_client" "$r_switches" "$r_load"
  per_type[$name]=$r_server
}
declare -A per_type
sql() { "$PG_BIN/psql" "$PG_CONN" -XqAt "${@/#/--command=}" >/dev/null; }
sql "alter system set autovacuum = off" "select pg_reload_conf()"
for mode in statements procedures; do
  type_run "$mode" delivery 0,0,0,100,0 --txns-per-terminal "$deliveries_per_terminal"
  for entry in new_order:100,0,0,0,0 payment:0,100,0,0,0 order_status:0,0,100,0,0 \
               stock_level:0,0,0,0,100; do
    type_run "$mode" "${entry%%:*}" "${entry#*:}" --warmup 5 --duration "$TYPE_SECONDS"
  done
  # The default mix, 45,43,4,4,4 (5.2.3), Delivery in the terminal's transaction as above.
  sql "vacuum" "checkpoint"
  measured_run "$TPCC" "$PG_DIR/mix-$mode" --mode "$mode" --terminals "$T" --delivery sync \
    --warmup 5 --duration "$TYPE_SECONDS" --report-interval 60
  awk -v no="${per_type[new_order]}" -v p="${per_type[payment]}" -v os="${per_type[order_status]}" \
      -v d="${per_type[delivery]}" -v sl="${per_type[stock_level]}" -v mixed="$r_server" \
      -v mode="$mode" 'BEGIN {
        printf "%-11s the types weighted by the mix 45/43/4/4/4: %.1f us; the mix run: %.1f us\n",
               mode, (45 * no + 43 * p + 4 * os + 4 * d + 4 * sl) / 100, mixed }'
done
sql "alter system reset autovacuum" "select pg_reload_conf()"

echo "W=$W, $T terminals, ${WARMUP}s warm-up, perf over ${DURATION}s of the measured interval"
for mode in statements procedures; do
  data="$PG_DIR/perf-$mode.data"
  "$TPCC" run --conn "$PG_CONN" --mode "$mode" --terminals "$T" --warmup "$WARMUP" \
    --duration $((DURATION + 2)) --report-interval 60 --result-dir "$PG_DIR/$mode" \
    >"$PG_DIR/$mode.log" 2>&1 &
  run=$!
  sleep "$WARMUP"
  perf record -a -g -e cpu-clock -F 499 -o "$data" -- sleep "$DURATION" >/dev/null 2>&1
  wait "$run"
  tpmc=$(grep -o '"tpmC": *[0-9.]*' "$PG_DIR/$mode/result.json" | head -n 1 | sed 's/.*: *//')
  echo
  echo "$mode (tpmC $(printf '%.0f' "$tpmc")), share of all CPU samples:"
  breakdown "$data"
done
