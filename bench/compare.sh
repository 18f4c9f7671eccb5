#!/usr/bin/env bash
# Statements mode against procedures mode on one throwaway server: W
# warehouses loaded once, then runs of each mode taking turns, the order
# alternating from round to round (S P, then P S, ...), so that neither
# mode always meets the database the other has just grown. For each
# run: tpmC, tpmTOTAL, New-Order p90, client CPU per transaction (user+sys
# of the tpcc process over every transaction it ran, warm-up included) and
# server CPU per transaction (utime+stime of the postmaster and its
# children, from /proc, over the same span). Medians per mode and their
# ratios at the end, and the ratios per round, by which mode ran first and
# overall; `tpcc check` after every run.
#
#   bench/compare.sh [WAREHOUSES=4] [TERMINALS=8] [WARMUP=10] [DURATION=60] [ROUNDS=1]
#
# PREPARE_ARGS adds options to the load (PREPARE_ARGS="--fillfactor 90"),
# RUN_ARGS to both modes' runs (RUN_ARGS="--isolation rr").
set -euo pipefail
cd "$(dirname "$0")/.."
W=${1:-4}; T=${2:-8}; WARMUP=${3:-10}; DURATION=${4:-60}; ROUNDS=${5:-1}
TPCC=${TPCC:-./build/tpcc}
[ -x "$TPCC" ] || { echo "build first: scripts/build.sh (looked for $TPCC)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time missing: apt-get install time" >&2; exit 2; }
command -v python3 >/dev/null || { echo "python3 missing: apt-get install python3" >&2; exit 2; }
source bench/throwaway-pg.sh
source bench/measure.sh

# shellcheck disable=SC2086  # word splitting of the extra options is wanted
"$TPCC" prepare --conn "$PG_CONN" --warehouses "$W" --no-check ${PREPARE_ARGS:-} >"$PG_DIR/prepare.log"
print_server_settings
echo "W=$W, $T terminals, ${WARMUP}s warm-up, ${DURATION}s measured, $ROUNDS round(s) of statements + procedures (S P, then P S)"
declare -A tpmc tpmtotal p90 client server round_tpmc round_client
: >"$PG_DIR/rounds.txt"
for round in $(seq 1 "$ROUNDS"); do
  read -r first second < <(round_order "$round" statements procedures)
  for mode in $first $second; do
    dir="$PG_DIR/$mode-$round"
    measured_run "$TPCC" "$dir" --mode "$mode" --terminals "$T" --warmup "$WARMUP" \
      --duration "$DURATION" --report-interval 30 ${RUN_ARGS:-}
    printf '%-10s round %d: tpmC %8.0f  tpmTOTAL %8.0f  New-Order p90 %6.2f ms  client %5.1f us/txn  server %6.1f us/txn  %4.2f switches/txn  load %s  (check passed)\n' \
      "$mode" "$round" "$r_tpmc" "$r_total" "$r_p90" "$r_client" "$r_server" "$r_switches" "$r_load"
    tpmc[$mode]+="$r_tpmc "; tpmtotal[$mode]+="$r_total "; p90[$mode]+="$r_p90 "
    client[$mode]+="$r_client "; server[$mode]+="$r_server "
    round_tpmc[$mode]=$r_tpmc; round_client[$mode]=$r_client
  done
  printf '%s %s tpmC %s %s\n%s %s client_CPU %s %s\n' "$round" "$first" \
    "${round_tpmc[statements]}" "${round_tpmc[procedures]}" "$round" "$first" \
    "${round_client[statements]}" "${round_client[procedures]}" >>"$PG_DIR/rounds.txt"
done

med() { tr ' ' '\n' <<<"$1" | grep . | median; }
echo
printf '%-10s %10s %10s %16s %16s %16s\n' mode tpmC tpmTOTAL "NO p90 (ms)" "client us/txn" "server us/txn"
for mode in statements procedures; do
  printf '%-10s %10.0f %10.0f %16.2f %16.1f %16.1f\n' "$mode" "$(med "${tpmc[$mode]}")" \
    "$(med "${tpmtotal[$mode]}")" "$(med "${p90[$mode]}")" "$(med "${client[$mode]}")" \
    "$(med "${server[$mode]}")"
done
awk -v ps="$(med "${tpmc[procedures]}")" -v ss="$(med "${tpmc[statements]}")" \
    -v pc="$(med "${client[procedures]}")" -v sc="$(med "${client[statements]}")" \
    -v pv="$(med "${server[procedures]}")" -v sv="$(med "${server[statements]}")" \
    'BEGIN { printf "procedures / statements: tpmC x%.2f, client CPU x%.2f, server CPU x%.2f\n", ps / ss, pc / sc, pv / sv
             # Client and server share the cores: with them saturated, a
             # mode can run no more transactions than its total CPU per
             # transaction allows, so this ratio caps the tpmC ratio.
             printf "CPU per transaction, client + server: statements %.1f us, procedures %.1f us;\n", sc + sv, pc + pv
             printf "  with every core busy, procedures can reach at most x%.2f the statements tpmC\n", (sc + sv) / (pc + pv) }'
echo
order_summary "$PG_DIR/rounds.txt" statements procedures
