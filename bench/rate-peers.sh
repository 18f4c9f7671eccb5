#!/usr/bin/env bash
# tpcc pgbench against pgbench 15 under a rate limit, on one throwaway
# server: pgbench -S's peak tps first (an unpaced run of PEAK_TIME seconds),
# then both tools with the same `-S -R X -c 4 -j 2 -T TIME` at 20, 50, 80
# and 95 % of that peak, and at 80 % with -L LIMIT_MS too. Prints, per rate
# and tool, the tps, the mean and max schedule lag (ms), the p99 latency
# (ms; latency counts from the scheduled time) and the transactions skipped
# under -L. pgbench's lag and skips are its final block's; its p99 comes
# from its per-transaction log (--log); tpcc's figures from result.json.
#
#   bench/rate-peers.sh [BINARY=build/tpcc] [SCALE=10] [TIME=20] [PEAK_TIME=10] [LIMIT_MS=2]
#
# DURABLE=1 (bench/throwaway-pg.sh) measures against a durable server.
set -euo pipefail
cd "$(dirname "$0")/.."
BINARY=${1:-build/tpcc}; SCALE=${2:-10}; TIME=${3:-20}; PEAK_TIME=${4:-10}; LIMIT_MS=${5:-2}
source bench/pgbench-side.sh

for db in pgb_pgbench pgb_tpcc; do "$PG_BIN/psql" "$PG_CONN" -Xqc "create database $db"; done
# shellcheck disable=SC2046  # the words are the arguments
"$PGBENCH" -i -q -s "$SCALE" $(target pgb_pgbench) >"$PG_DIR/load-pgbench.log" 2>&1
# shellcheck disable=SC2046
"$BINARY" pgbench -i -q -s "$SCALE" $(target pgb_tpcc) >"$PG_DIR/load-tpcc.log" 2>&1

print_server_settings
# shellcheck disable=SC2046
peak=$("$PGBENCH" -n -S -c 4 -j 2 -T "$PEAK_TIME" $(target pgb_pgbench) 2>&1 |
  awk '/^tps = / {printf "%d", $3}')
[ -n "$peak" ] && [ "$peak" -gt 0 ] || { echo "no peak tps from pgbench -S" >&2; exit 1; }
echo "scale $SCALE; pgbench -S -c 4 -j 2 unpaced for ${PEAK_TIME}s: $peak tps (the peak)"
echo "each run: -S -R X -c 4 -j 2 -T $TIME; -L $LIMIT_MS at 80 % with -L"

# tps lag-mean lag-max p99 skipped of pgbench's run: its final block and
# the per-transaction log files with prefix $2 (latency in field 3, or
# "skipped"; microseconds).
pgbench_figures() {
  python3 - "$1" "$2" <<'PY'
import glob, re, sys
text = open(sys.argv[1]).read()
def grab(pattern, default="0"):
    m = re.search(pattern, text)
    return m.group(1) if m else default
tps = grab(r"tps = ([0-9.]+)")
lag = re.search(r"rate limit schedule lag: avg ([0-9.]+) \(max ([0-9.]+)\) ms", text)
skipped = grab(r"number of transactions skipped: ([0-9]+)")
latencies = []
for name in glob.glob(sys.argv[2] + ".*"):
    for line in open(name):
        fields = line.split()
        if len(fields) > 2 and fields[2] != "skipped":
            latencies.append(int(fields[2]))
latencies.sort()
p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))] / 1000 if latencies else 0
print(tps, lag.group(1), lag.group(2), "%.3f" % p99, skipped)
PY
}
tpcc_figures() {
  json_fields "$1" pgbench.tps pgbench.schedule_lag_ms.average pgbench.schedule_lag_ms.max \
    pgbench.latency_ms.p99 pgbench.skipped
}

printf "%-12s %8s %-8s %10s %12s %12s %10s %8s\n" \
  load "rate" tool tps "lag mean ms" "lag max ms" "p99 ms" skipped
for case in 20 50 80 95 80L; do
  percent=${case%L}
  rate=$((peak * percent / 100))
  limit=()
  [ "$case" = "${percent}L" ] && limit=(-L "$LIMIT_MS")
  run=(-n -S -R "$rate" -c 4 -j 2 -T "$TIME" "${limit[@]}")
  # shellcheck disable=SC2046
  (cd "$PG_DIR" && "$PGBENCH" "${run[@]}" --log --log-prefix="$PG_DIR/log-$case" \
    $(target pgb_pgbench) >"$PG_DIR/pgbench-$case.log" 2>&1) ||
    { echo "pgbench $case failed:"; tail -20 "$PG_DIR/pgbench-$case.log"; exit 1; }
  read -r tps lag_mean lag_max p99 skipped < <(pgbench_figures "$PG_DIR/pgbench-$case.log" \
    "$PG_DIR/log-$case")
  printf "%-12s %8d %-8s %10s %12s %12s %10s %8s\n" \
    "$case%" "$rate" pgbench "$tps" "$lag_mean" "$lag_max" "$p99" "$skipped"
  # shellcheck disable=SC2046
  "$BINARY" pgbench "${run[@]}" $(target pgb_tpcc) "--result-dir=$PG_DIR/tpcc-$case" \
    >"$PG_DIR/tpcc-$case.log" 2>&1 ||
    { echo "tpcc pgbench $case failed:"; tail -20 "$PG_DIR/tpcc-$case.log"; exit 1; }
  read -r tps lag_mean lag_max p99 skipped < <(tpcc_figures "$PG_DIR/tpcc-$case/result.json")
  printf "%-12s %8d %-8s %10s %12s %12s %10s %8s\n" \
    "$case%" "$rate" tpcc "$tps" "$lag_mean" "$lag_max" "$p99" "$skipped"
done
