#!/usr/bin/env bash
# Two tpcc binaries against each other on one throwaway server: W
# warehouses loaded once (by B), then runs taking turns, the order
# alternating from round to round (A B, then B A, ...), so that neither
# side always meets the database the other has just grown. For each run:
# tpmC, tpmTOTAL, New-Order p90, client and server CPU per transaction (as
# bench/compare.sh); medians and the B / A ratios at the end, per round, by
# which side ran first and overall; `tpcc check` after every run. For a
# change's cost: A the binary before it, B after; `bench/ab.sh B B` shows
# the noise (x1.00 in both orders within it).
#
#   bench/ab.sh A_BINARY B_BINARY [WAREHOUSES=4] [TERMINALS=8] [WARMUP=10] [DURATION=60] [ROUNDS=2]
#
# DURABLE=1 runs the server with fsync and synchronous_commit on.
# RUN_ARGS adds options to both binaries' runs (RUN_ARGS="--mode procedures").
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { sed -n '2,12p' "$0" >&2; exit 2; }
A=$1; B=$2; W=${3:-4}; T=${4:-8}; WARMUP=${5:-10}; DURATION=${6:-60}; ROUNDS=${7:-2}
for binary in "$A" "$B"; do
  [ -x "$binary" ] || { echo "not an executable: $binary" >&2; exit 2; }
done
[ -x /usr/bin/time ] || { echo "/usr/bin/time missing: apt-get install time" >&2; exit 2; }
command -v python3 >/dev/null || { echo "python3 missing: apt-get install python3" >&2; exit 2; }
source bench/throwaway-pg.sh
source bench/measure.sh

"$B" prepare --conn "$PG_CONN" --warehouses "$W" --no-check >"$PG_DIR/prepare.log"
print_server_settings
echo "W=$W, $T terminals, ${WARMUP}s warm-up, ${DURATION}s measured, $ROUNDS round(s) of A + B" \
  "(A B, then B A);" \
  "fsync $([ "${DURABLE:-0}" = 1 ] && echo on || echo off)"
echo "A: $A"
echo "B: $B"
declare -A tpmc tpmtotal p90 client server round_tpmc round_client
: >"$PG_DIR/rounds.txt"
for round in $(seq 1 "$ROUNDS"); do
  read -r first second < <(round_order "$round" A B)
  for side in $first $second; do
    binary=$A; [ "$side" = B ] && binary=$B
    dir="$PG_DIR/$side-$round"
    # shellcheck disable=SC2086  # word splitting of the extra options is wanted
    measured_run "$binary" "$dir" --terminals "$T" --warmup "$WARMUP" --duration "$DURATION" \
      --report-interval 30 ${RUN_ARGS:-}
    printf '%s round %d: tpmC %8.0f  tpmTOTAL %8.0f  New-Order p90 %6.2f ms  client %5.1f us/txn  server %6.1f us/txn  %4.2f switches/txn  load %s  (check passed)\n' \
      "$side" "$round" "$r_tpmc" "$r_total" "$r_p90" "$r_client" "$r_server" "$r_switches" "$r_load"
    tpmc[$side]+="$r_tpmc "; tpmtotal[$side]+="$r_total "; p90[$side]+="$r_p90 "
    client[$side]+="$r_client "; server[$side]+="$r_server "
    round_tpmc[$side]=$r_tpmc; round_client[$side]=$r_client
  done
  printf '%s %s tpmC %s %s\n%s %s client_CPU %s %s\n' "$round" "$first" "${round_tpmc[A]}" \
    "${round_tpmc[B]}" "$round" "$first" "${round_client[A]}" "${round_client[B]}" >>"$PG_DIR/rounds.txt"
done

med() { tr ' ' '\n' <<<"$1" | grep . | median; }
echo
printf '%-4s %10s %10s %16s %16s %16s\n' "" tpmC tpmTOTAL "NO p90 (ms)" "client us/txn" "server us/txn"
for side in A B; do
  printf '%-4s %10.0f %10.0f %16.2f %16.1f %16.1f\n' "$side" "$(med "${tpmc[$side]}")" \
    "$(med "${tpmtotal[$side]}")" "$(med "${p90[$side]}")" "$(med "${client[$side]}")" \
    "$(med "${server[$side]}")"
done
awk -v b="$(med "${tpmc[B]}")" -v a="$(med "${tpmc[A]}")" \
    -v bc="$(med "${client[B]}")" -v ac="$(med "${client[A]}")" \
    'BEGIN { printf "B / A: tpmC x%.2f, client CPU per transaction x%.2f\n", b / a, bc / ac }'
echo
order_summary "$PG_DIR/rounds.txt" A B
