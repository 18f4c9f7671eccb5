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
# Needs perf (Debian package linux-perf) and root or perf_event_paranoid <= 0.
set -euo pipefail
cd "$(dirname "$0")/.."
W=${1:-4}; T=${2:-8}; WARMUP=${3:-10}; DURATION=${4:-40}
TPCC=${TPCC:-./build/tpcc}
[ -x "$TPCC" ] || { echo "build first: scripts/build.sh (looked for $TPCC)" >&2; exit 2; }
command -v perf >/dev/null || { echo "perf missing: apt-get install linux-perf" >&2; exit 2; }
source bench/throwaway-pg.sh

# One pass over the samples: the share of all samples whose process is the
# client or the server, and for each part of the server the share of
# samples with one of its functions anywhere on the stack.
breakdown() {
  perf script -i "$1" -F comm,ip,sym,dso 2>/dev/null | awk '
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
      if (comm == "tpcc") ++client
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
      printf "  %-40s %5.1f%%\n", "client (tpcc)", 100 * client / total
      printf "  %-40s %5.1f%%\n", "server (postgres)", 100 * server / total
      for (i = 1; i <= n; ++i) printf "    %-38s %5.1f%%\n", names[i], 100 * hits[i] / total
      printf "    %-38s %5.1f%%\n", "PL/pgSQL interpreter (its own code)", 100 * interpreter / total
    }'
}

"$TPCC" prepare --conn "$PG_CONN" --warehouses "$W" --no-check >"$PG_DIR/prepare.log"
print_server_settings
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
