#!/usr/bin/env bash
# Throughput and client CPU per transaction of `tpcc run` on a throwaway
# server: W warehouses, T terminals, a warm-up, then the measured interval.
# Client CPU is the user+sys time of the tpcc process (/usr/bin/time)
# divided by every transaction it ran, warm-up included.
#
#   bench/run.sh [WAREHOUSES=4] [TERMINALS=8] [WARMUP=10] [DURATION=60] [RUNS=1]
set -euo pipefail
cd "$(dirname "$0")/.."
W=${1:-4}; T=${2:-8}; WARMUP=${3:-10}; DURATION=${4:-60}; RUNS=${5:-1}
TPCC=${TPCC:-./build/tpcc}
[ -x "$TPCC" ] || { echo "build first: scripts/build.sh (looked for $TPCC)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time missing: apt-get install time" >&2; exit 2; }
source bench/throwaway-pg.sh
json() { grep -o "\"$2\": *[0-9.e+-]*" "$1" | head -n 1 | sed 's/.*: *//'; }
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

"$TPCC" prepare --conn "$PG_CONN" --warehouses "$W" --no-check >"$PG_DIR/prepare.log"
print_server_settings
echo "tpcc run: W=$W, $T terminals, ${WARMUP}s warm-up, ${DURATION}s measured, $RUNS run(s)"
cpus=(); tpmcs=()
for run in $(seq 1 "$RUNS"); do
  /usr/bin/time -f "%U %S" -o "$PG_DIR/time.txt" \
    "$TPCC" run --conn "$PG_CONN" --terminals "$T" --warmup "$WARMUP" --duration "$DURATION" \
    --report-interval 30 --result-dir "$PG_DIR/result-$run" >"$PG_DIR/run-$run.log" 2>&1
  read -r user sys <"$PG_DIR/time.txt"
  result="$PG_DIR/result-$run/result.json"
  tpmc=$(json "$result" tpmC); tpmtotal=$(json "$result" tpmTOTAL)
  txns=$(json "$result" transactions_all_phases)
  cpu_us=$(awk -v u="$user" -v s="$sys" -v n="$txns" 'BEGIN { printf "%.1f", (u + s) * 1e6 / n }')
  printf 'run %d: tpmC %.0f  tpmTOTAL %.0f  client CPU %.2f s user + %.2f s sys over %d transactions = %s us/txn  load %s\n' \
    "$run" "$tpmc" "$tpmtotal" "$user" "$sys" "$txns" "$cpu_us" "$(cut -d ' ' -f 1 /proc/loadavg)"
  cpus+=("$cpu_us"); tpmcs+=("$tpmc")
done
printf 'median: tpmC %.0f, client CPU %s us per transaction\n' \
  "$(printf '%s\n' "${tpmcs[@]}" | median)" "$(printf '%s\n' "${cpus[@]}" | median)"
"$TPCC" check --conn "$PG_CONN" >"$PG_DIR/check.log" && echo "tpcc check after the runs: all conditions hold" \
  || { echo "tpcc check after the runs FAILED:"; cat "$PG_DIR/check.log"; exit 1; }
