#!/usr/bin/env bash
# Client and server CPU per transaction of each query mode (--query-mode
# prepared|extended|simple) in each --mode (statements, procedures), side by
# side, on one throwaway server: W warehouses loaded once, then for each
# round every combination in turn, and `tpcc check` after every run. The
# figures are result.json's server_metrics.totals (client_cpu_s: the tpcc
# process; server_cpu_s: the postmaster and its children, measured interval
# only) over the measured interval's transactions; the table shows medians
# over the rounds.
#
#   bench/query-modes.sh [BINARY=build/tpcc] [WAREHOUSES=2] [TERMINALS=4] [WARMUP=5] [DURATION=20] [ROUNDS=3]
#
# RUN_ARGS adds options to every run (RUN_ARGS="--rate 60000").
set -euo pipefail
cd "$(dirname "$0")/.."
BINARY=${1:-build/tpcc}; W=${2:-2}; T=${3:-4}; WARMUP=${4:-5}; DURATION=${5:-20}; ROUNDS=${6:-3}
[ -x "$BINARY" ] || { echo "not an executable: $BINARY" >&2; exit 2; }
command -v python3 >/dev/null || { echo "python3 missing: apt-get install python3" >&2; exit 2; }
source bench/throwaway-pg.sh
source bench/measure.sh

"$BINARY" prepare --conn "$PG_CONN" --warehouses "$W" --no-check >"$PG_DIR/prepare.log"
print_server_settings
echo "W=$W, $T terminals, ${WARMUP}s warm-up, ${DURATION}s measured, $ROUNDS round(s)"

# transactions-measured client-ms/txn server-ms/txn tpmTOTAL of a result.json
cpu_per_txn() {
  python3 - "$1" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
n = sum(t["count"] + t["rollbacks"] for t in r["transactions"].values())
totals = r["server_metrics"]["totals"]
client, server = totals.get("client_cpu_s"), totals.get("server_cpu_s")
fmt = lambda s: "nan" if s is None or n == 0 else "%.4f" % (s * 1000 / n)
print(n, fmt(client), fmt(server), r["tpmTOTAL"])
PY
}

declare -A client server tpm
modes="statements procedures"
query_modes="prepared extended simple"
for round in $(seq 1 "$ROUNDS"); do
  for mode in $modes; do
    for qm in $query_modes; do
      dir="$PG_DIR/$mode-$qm-$round"
      # shellcheck disable=SC2086  # word splitting of the extra options is wanted
      "$BINARY" run --conn "$PG_CONN" --result-dir "$dir" --terminals "$T" --warmup "$WARMUP" \
        --duration "$DURATION" --report-interval 60 --mode "$mode" --query-mode "$qm" \
        ${RUN_ARGS:-} >"$dir.log" 2>&1 || { echo "run $dir failed:"; tail -20 "$dir.log"; exit 1; }
      "$BINARY" check --conn "$PG_CONN" >"$dir-check.log" ||
        { echo "tpcc check after $dir FAILED:"; cat "$dir-check.log"; exit 1; }
      read -r n c s t < <(cpu_per_txn "$dir/result.json")
      printf 'round %d %-10s %-8s %7d txns  tpmTOTAL %8.0f  client %7.4f ms/txn  server %7.4f ms/txn\n' \
        "$round" "$mode" "$qm" "$n" "$t" "$c" "$s"
      client[$mode-$qm]+="$c "; server[$mode-$qm]+="$s "; tpm[$mode-$qm]+="$t "
    done
  done
done

med() { tr ' ' '\n' <<<"$1" | grep . | median; }
echo
echo "medians of $ROUNDS round(s):"
printf '%-10s %-8s %10s %16s %16s\n' mode query tpmTOTAL "client ms/txn" "server ms/txn"
for mode in $modes; do
  for qm in $query_modes; do
    printf '%-10s %-8s %10.0f %16.4f %16.4f\n' "$mode" "$qm" "$(med "${tpm[$mode-$qm]}")" \
      "$(med "${client[$mode-$qm]}")" "$(med "${server[$mode-$qm]}")"
  done
done
