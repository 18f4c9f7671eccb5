#!/usr/bin/env bash
# What the client does per transaction, counted rather than timed: one load
# of W warehouses on a throwaway server, then a run per mode (statements,
# procedures) under `perf stat`, whose counts over the whole tpcc process
# are divided by every transaction it ran (warm-up included, as the client
# CPU of bench/run.sh): its CPU (task-clock), context switches, and the
# system calls of waiting for and talking to the server (poll, sendto,
# recvfrom), of hand-offs between threads (futex), of timers
# (clock_nanosleep) and of files (openat, read, write). Counts do not
# depend on how loaded the machine is; the CPU does. Compare servers with
# DURABLE=1, SYNC_COMMIT and SHARED_BUFFERS (bench/throwaway-pg.sh).
#
#   bench/syscalls.sh [WAREHOUSES=4] [TERMINALS=8] [WARMUP=5] [DURATION=30]
#
# Needs perf (Debian package linux-perf) and root or perf_event_paranoid <= 0.
set -euo pipefail
cd "$(dirname "$0")/.."
W=${1:-4}; T=${2:-8}; WARMUP=${3:-5}; DURATION=${4:-30}
TPCC=${TPCC:-./build/tpcc}
[ -x "$TPCC" ] || { echo "build first: scripts/build.sh (looked for $TPCC)" >&2; exit 2; }
command -v perf >/dev/null || { echo "perf missing: apt-get install linux-perf" >&2; exit 2; }
source bench/throwaway-pg.sh

events=task-clock,context-switches
for call in poll sendto recvfrom futex clock_nanosleep epoll_wait openat read write; do
  events+=",syscalls:sys_enter_$call"
done

"$TPCC" prepare --conn "$PG_CONN" --warehouses "$W" --no-check >"$PG_DIR/prepare.log"
print_server_settings
echo "W=$W, $T terminals, ${WARMUP}s warm-up, ${DURATION}s measured; per transaction of the client:"
for mode in statements procedures; do
  perf stat -x, -e "$events" -o "$PG_DIR/stat-$mode.csv" -- "$TPCC" run --conn "$PG_CONN" \
    --mode "$mode" --terminals "$T" --warmup "$WARMUP" --duration "$DURATION" \
    --report-interval 60 --result-dir "$PG_DIR/$mode" >"$PG_DIR/$mode.log" 2>&1
  txns=$(grep -o '"transactions_all_phases": *[0-9]*' "$PG_DIR/$mode/result.json" | sed 's/.*: *//')
  tpmtotal=$(grep -o '"tpmTOTAL": *[0-9.]*' "$PG_DIR/$mode/result.json" | sed 's/.*: *//')
  printf '%s: %d transactions, tpmTOTAL %.0f, load %s\n' "$mode" "$txns" "$tpmtotal" \
    "$(cut -d ' ' -f 1 /proc/loadavg)"
  # perf stat -x, lines: value,unit,event,... (task-clock in ms).
  awk -F, -v n="$txns" '$1 ~ /^[0-9.]+$/ {
      name = $3; sub(/^syscalls:sys_enter_/, "", name)
      if (name == "task-clock") printf "  %-18s %8.1f us\n", "CPU", $1 * 1000 / n
      else printf "  %-18s %8.3f\n", name, $1 / n }' "$PG_DIR/stat-$mode.csv"
done
