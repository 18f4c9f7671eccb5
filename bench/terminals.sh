#!/usr/bin/env bash
# Many paced terminals in one tpcc process: TPC-C's think times (5.2.5.4)
# scaled by a multiplier so that the server can serve the rate the terminals
# offer, over a bounded pool of connections, at each terminal count of
# STEPS. The keying times are scaled to a thousandth: the first think time
# of a terminal is drawn like any other and is exponential, hence
# memoryless, so the terminals' transactions arrive at their steady rate
# from the start instead of after a first keying time of minutes. Per step:
# the offered and achieved rate, the process's peak RSS (and per terminal),
# its CPU per transaction, the time it took beyond the warm-up and
# measurement (start-up and wind-down: building the terminals, opening the
# connections, writing the results), and the schedule lag (how long after
# its due time each transaction was sent: the scheduler's lateness and the
# wait for a free connection; result.json's schedule.lag_ms). `tpcc check`
# after every run.
#
#   bench/terminals.sh [BINARY=build/tpcc] [STEPS="10000 100000 1000000"] [CONNECTIONS=8]
#                      [TARGET_TPS=1000] [WARMUP=10] [DURATION=30] [WAREHOUSES=10]
#
# TARGET_TPS: the transactions a second the terminals are paced to offer
# (all types); the think multiplier is terminals / TARGET_TPS / the mix's
# mean think time, at least 1. DURABLE=1 measures against a durable server.
set -euo pipefail
cd "$(dirname "$0")/.."
BINARY=${1:-build/tpcc}; STEPS=${2:-"10000 100000 1000000"}; CONNECTIONS=${3:-8}
TARGET_TPS=${4:-1000}; WARMUP=${5:-10}; DURATION=${6:-30}; W=${7:-10}
[ -x "$BINARY" ] || { echo "not an executable: $BINARY" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time missing: apt-get install time" >&2; exit 2; }
command -v python3 >/dev/null || { echo "python3 missing: apt-get install python3" >&2; exit 2; }
BINARY=$(realpath "$BINARY")
source bench/throwaway-pg.sh
source bench/measure.sh

"$BINARY" prepare --conn "$PG_CONN" --warehouses "$W" --no-check >"$PG_DIR/prepare.log"
print_server_settings
# The mix's mean think time (5.2.5.4: 12 s for New-Order and Payment, 10 s
# for Order-Status, 5 s for Delivery and Stock-Level; 5.2.3's 45/43/4/4/4):
# an unscaled terminal with no keying time sends one transaction per that.
MEAN_THINK_S=$(awk 'BEGIN { printf "%.4f", 0.45 * 12 + 0.43 * 12 + 0.04 * 10 + 0.04 * 5 + 0.04 * 5 }')
echo "W=$W, $CONNECTIONS connections, ${WARMUP}s warm-up, ${DURATION}s measured;" \
  "think times scaled to offer about $TARGET_TPS transactions a second, keying times x0.001"
printf '%10s %10s %10s %10s %9s %11s %11s %10s %10s %10s %10s\n' terminals multiplier \
  "offered/s" "achieved/s" "RSS MB" "RSS B/term" "CPU us/txn" "overhead s" "lag p50 ms" \
  "lag p99 ms" "lag max ms"
for terminals in $STEPS; do
  multiplier=$(awk -v t="$terminals" -v think="$MEAN_THINK_S" -v r="$TARGET_TPS" \
    'BEGIN { m = t / think / r; printf "%.3f", (m < 1 ? 1 : m) }')
  dir="$PG_DIR/terminals-$terminals"
  /usr/bin/time -f "%e %U %S %M" -o "$PG_DIR/time.txt" \
    "$BINARY" run --conn "$PG_CONN" --terminals "$terminals" --allow-many-terminals \
    --connections "$CONNECTIONS" --keying-think --think-multiplier "$multiplier" --keying-multiplier 0.001 \
    --warmup "$WARMUP" --duration "$DURATION" --report-interval 10 --result-dir "$dir" \
    >"$dir.log" 2>&1 || { echo "the run of $terminals terminals exited $?:"; tail -n 20 "$dir.log"; exit 1; }
  read -r wall user sys rss_kb <"$PG_DIR/time.txt"
  "$BINARY" check --conn "$PG_CONN" >"$dir-check.log" ||
    { echo "tpcc check after $terminals terminals FAILED:"; cat "$dir-check.log"; exit 1; }
  read -r completed seconds every p50 p99 max < <(json_fields "$dir/result.json" \
    schedule.completed schedule.measured_seconds transactions_all_phases schedule.lag_ms.p50 \
    schedule.lag_ms.p99 schedule.lag_ms.max)
  awk -v t="$terminals" -v m="$multiplier" -v think="$MEAN_THINK_S" -v done_="$completed" \
    -v s="$seconds" -v every="$every" -v wall="$wall" -v user="$user" -v sys="$sys" \
    -v rss="$rss_kb" -v w="$WARMUP" -v d="$DURATION" -v p50="$p50" -v p99="$p99" -v max="$max" '
    function ms(v) { return v == "-" ? "-" : sprintf("%.3f", v) }
    BEGIN {
      printf "%10d %10.3f %10.1f %10.1f %9.1f %11.0f %11.1f %10.1f %10s %10s %10s\n",
        t, m, t / think / m, done_ / s, rss / 1024, rss * 1024 / t,
        (user + sys) * 1e6 / (every > 0 ? every : 1), wall - w - d, ms(p50), ms(p99), ms(max)
    }'
done
