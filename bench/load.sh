#!/usr/bin/env bash
# Load rate of `tpcc prepare` against `pgbench -i` on the same throwaway
# server, alternating the two, sized to a comparable database. Prints each
# run, then the medians, the ratio of MB/s, and the loader's peak RSS; then
# the server's CPU per MB of each and the bound it puts on the ratio.
#
#   bench/load.sh [WAREHOUSES=4] [RUNS=3] [LOAD_WORKERS=2]
#
# TPCC_ARGS adds prepare options (e.g. TPCC_ARGS="--copy-format text");
# DURABLE=1 and WAL_LEVEL=replica set up the server (bench/throwaway-pg.sh),
# whose settings are printed first. Each run line ends with the load average.
set -euo pipefail
cd "$(dirname "$0")/.."
W=${1:-4}; RUNS=${2:-3}; WORKERS=${3:-2}
TPCC=${TPCC:-./build/tpcc}
[ -x "$TPCC" ] || { echo "build first: scripts/build.sh (looked for $TPCC)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time missing: apt-get install time" >&2; exit 2; }
source bench/throwaway-pg.sh
source bench/measure.sh
PSQL="$PG_BIN/psql"
sql() { "$PSQL" "$PG_CONN" -qAtc "$1" 2>/dev/null; }
db_mb() { sql "select pg_database_size('$1') / 1e6"; }
div() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.6f", a / b }'; }


settings="fsync synchronous_commit full_page_writes shared_buffers wal_level checkpoint_timeout max_wal_size autovacuum maintenance_work_mem max_parallel_maintenance_workers"
echo "server: $(for s in $settings; do printf '%s=%s ' "$s" "$(sql "show $s")"; done)"
echo "tpcc prepare --warehouses $W --load-workers $WORKERS ${TPCC_ARGS:-} vs pgbench -i; $RUNS runs each"
ours_rate=(); pgb_rate=(); ours_wall=(); pgb_wall=(); ours_rss=(); scale=0
ours_server=(); pgb_server=(); ours_client=()
for run in $(seq 1 "$RUNS"); do
  sql "drop database if exists bench_tpcc" && sql "create database bench_tpcc"
  idle_children=$(children); cpu_before=$(server_cpu_seconds)
  /usr/bin/time -f "%e %M %U %S" -o "$PG_DIR/time.txt" \
    "$TPCC" prepare --conn "${PG_CONN/dbname=postgres/dbname=bench_tpcc}" --warehouses "$W" \
    --load-workers "$WORKERS" --no-check ${TPCC_ARGS:-} >"$PG_DIR/tpcc.log" 2>&1 ||
    { cat "$PG_DIR/tpcc.log" >&2; exit 1; }
  read -r wall rss user sys <"$PG_DIR/time.txt"
  wait_for_backends_to_exit "$idle_children"
  mb=$(db_mb bench_tpcc)
  ours_server+=("$(awk -v a="$cpu_before" -v b="$(server_cpu_seconds)" -v mb="$mb" 'BEGIN { printf "%.2f", (b - a) * 1000 / mb }')")
  ours_client+=("$(awk -v u="$user" -v s="$sys" -v mb="$mb" 'BEGIN { printf "%.2f", (u + s) * 1000 / mb }')")
  ours_wall+=("$wall"); ours_rss+=("$rss"); ours_rate+=("$(div "$mb" "$wall")")
  # pgbench: about 15 MB per scale unit; match our database size.
  [ "$scale" -gt 0 ] || scale=$(printf '%.0f' "$(div "$mb" 15)")
  sql "drop database if exists bench_pgbench" && sql "create database bench_pgbench"
  idle_children=$(children); cpu_before=$(server_cpu_seconds)
  /usr/bin/time -f "%e %M" -o "$PG_DIR/time.txt" \
    "$PG_BIN/pgbench" -i -q -s "$scale" "${PG_CONN/dbname=postgres/dbname=bench_pgbench}" >"$PG_DIR/pgbench.log" 2>&1
  read -r pwall _ <"$PG_DIR/time.txt"
  wait_for_backends_to_exit "$idle_children"
  pmb=$(db_mb bench_pgbench)
  pgb_server+=("$(awk -v a="$cpu_before" -v b="$(server_cpu_seconds)" -v mb="$pmb" 'BEGIN { printf "%.2f", (b - a) * 1000 / mb }')")
  pgb_wall+=("$pwall"); pgb_rate+=("$(div "$pmb" "$pwall")")
  printf 'run %d: tpcc %.0f MB in %.2f s = %.1f MB/s (peak RSS %d MB; CPU per MB: server %s ms, client %s ms) | pgbench -s %d %.0f MB in %.2f s = %.1f MB/s (server CPU per MB %s ms) | load average %s\n' \
    "$run" "$mb" "$wall" "${ours_rate[-1]}" "$((rss / 1024))" "${ours_server[-1]}" "${ours_client[-1]}" \
    "$scale" "$pmb" "$pwall" "${pgb_rate[-1]}" "${pgb_server[-1]}" "$(cut -d' ' -f1-3 /proc/loadavg)"
  grep -E '^(indexes|foreign keys|prepared)' "$PG_DIR/tpcc.log" | sed 's/^/  tpcc: /'
  sql "drop database bench_pgbench" && sql "drop database bench_tpcc"
done
o=$(printf '%s\n' "${ours_rate[@]}" | median); p=$(printf '%s\n' "${pgb_rate[@]}" | median)
ow=$(printf '%s\n' "${ours_wall[@]}" | median); pw=$(printf '%s\n' "${pgb_wall[@]}" | median)
rss=$(printf '%s\n' "${ours_rss[@]}" | sort -n | tail -n 1)
printf 'median: tpcc %.1f MB/s (%.2f s wall), pgbench -i %.1f MB/s (%.2f s wall); ratio %.2f; tpcc peak RSS %d MB\n' \
  "$o" "$ow" "$p" "$pw" "$(div "$o" "$p")" "$((rss / 1024))"
os=$(printf '%s\n' "${ours_server[@]}" | median); ps=$(printf '%s\n' "${pgb_server[@]}" | median)
oc=$(printf '%s\n' "${ours_client[@]}" | median)
# The server does the load's work on every core there is: its CPU per MB
# bounds tpcc's MB/s at cores / CPU per MB, whatever the client does, and so
# the ratio to pgbench -i's measured MB/s.
cores=$(nproc)
bound=$(div "$((cores * 1000))" "$os")
printf 'median server CPU per MB: tpcc %.2f ms, pgbench -i %.2f ms (%.2fx); tpcc client %.2f ms per MB\n' \
  "$os" "$ps" "$(div "$os" "$ps")" "$oc"
printf 'bound by the server CPU alone on %d cores: tpcc at most %.0f MB/s, ratio to pgbench -i at most %.2f\n' \
  "$cores" "$bound" "$(div "$bound" "$p")"
