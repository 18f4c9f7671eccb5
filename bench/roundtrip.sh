#!/usr/bin/env bash
# The floor under the client's CPU per transaction: what a bare libpq
# client costs per round trip on this machine, beside tpcc. pgbench sends
# one prepared query per transaction, whose server work (a count over
# generate_series(1, N), N=4000 by default) keeps the cores about as busy
# as a tpcc run does, from a thread per connection (as tpcc's terminals)
# and from one thread that waits on every connection (-j 1). For each:
# client CPU per transaction (user+sys from /usr/bin/time over every
# transaction), context switches per transaction (each wait for an answer
# is one), client CPU per switch, server CPU per transaction; the runs take
# turns and the medians close the output.
#
#   bench/roundtrip.sh [WAREHOUSES=4] [TERMINALS=8] [DURATION=30] [ROUNDS=2]
#
# SERIES sets N; DURABLE=1, SYNC_COMMIT, SHARED_BUFFERS set up the server
# (bench/throwaway-pg.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
W=${1:-4}; T=${2:-8}; DURATION=${3:-30}; ROUNDS=${4:-2}; SERIES=${SERIES:-4000}
TPCC=${TPCC:-./build/tpcc}
[ -x "$TPCC" ] || { echo "build first: scripts/build.sh (looked for $TPCC)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time missing: apt-get install time" >&2; exit 2; }
command -v python3 >/dev/null || { echo "python3 missing: apt-get install python3" >&2; exit 2; }
source bench/throwaway-pg.sh
source bench/measure.sh

"$TPCC" prepare --conn "$PG_CONN" --warehouses "$W" --no-check >"$PG_DIR/prepare.log"
print_server_settings
echo "round trips: W=$W, $T sessions, ${DURATION}s per run, $ROUNDS round(s); pgbench query: count over generate_series(1, $SERIES)"
echo "select count(*) from generate_series(1, $SERIES);" >"$PG_DIR/roundtrip.sql"

# One pgbench run with THREADS threads; sets the r_* of measured_run.
pgbench_run() {
  local threads=$1 idle_children before after user sys involuntary voluntary txns
  idle_children=$(children)
  before=$(server_cpu_seconds)
  /usr/bin/time -f "%U %S %c %w" -o "$PG_DIR/time.txt" "$PG_BIN/pgbench" -n -M prepared \
    -f "$PG_DIR/roundtrip.sql" -c "$T" -j "$threads" -T "$DURATION" "$PG_CONN" >"$PG_DIR/pgbench.log" 2>&1
  wait_for_backends_to_exit "$idle_children"
  after=$(server_cpu_seconds)
  read -r user sys involuntary voluntary <"$PG_DIR/time.txt"
  txns=$(sed -n 's/^number of transactions actually processed: \([0-9]*\).*/\1/p' "$PG_DIR/pgbench.log")
  r_load=$(cut -d ' ' -f 1 /proc/loadavg)
  per_transaction "$txns"
  r_tpmc=$(awk -v n="$txns" -v d="$DURATION" 'BEGIN { printf "%.0f", n * 60 / d }')
}

kinds=("tpcc statements" "tpcc procedures" "pgbench -j $T" "pgbench -j 1")
declare -A client switches server
for round in $(seq 1 "$ROUNDS"); do
  for kind in "${kinds[@]}"; do
    case "$kind" in
      "tpcc statements"|"tpcc procedures")
        measured_run "$TPCC" "$PG_DIR/${kind#tpcc }-$round" --mode "${kind#tpcc }" --terminals "$T" \
          --warmup 5 --duration "$DURATION" --report-interval 30 ;;
      "pgbench -j $T") pgbench_run "$T" ;;
      "pgbench -j 1") pgbench_run 1 ;;
    esac
    per_switch=$(awk -v c="$r_client" -v s="$r_switches" 'BEGIN { printf "%.1f", c / s }')
    printf '%-16s round %d: client %5.1f us/txn, %4.2f switches/txn, %5.1f us/switch; server %6.1f us/txn; load %s\n' \
      "$kind" "$round" "$r_client" "$r_switches" "$per_switch" "$r_server" "$r_load"
    client[$kind]+="$r_client "; switches[$kind]+="$r_switches "; server[$kind]+="$r_server "
  done
done

med() { tr ' ' '\n' <<<"$1" | grep . | median; }
echo
printf '%-16s %14s %14s %14s %14s\n' "median" "client us/txn" "switches/txn" "us/switch" "server us/txn"
for kind in "${kinds[@]}"; do
  c=$(med "${client[$kind]}"); s=$(med "${switches[$kind]}")
  printf '%-16s %14.1f %14.2f %14.1f %14.1f\n' "$kind" "$c" "$s" "$(awk -v c="$c" -v s="$s" 'BEGIN { print c / s }')" \
    "$(med "${server[$kind]}")"
done
