#!/usr/bin/env bash
# Does throughput hold for the whole run? One long unpaced `tpcc run` (no
# keying or think time, as bench/run.sh) on a throwaway server: the tpmC of
# every interval, of the first and the last five minutes after the warm-up
# and their ratio, the coefficient of variation over the intervals and the
# largest deviation of an interval from the run's mean, with PASS/FAIL
# against issue 15's targets (last five minutes >= 0.9 x the first five;
# every interval within +-10% of the mean). Per hot table, at the start and
# the end of the run: size, updates and the HOT share, dead tuples, scans and
# autovacuums, which show the causes when throughput does not hold.
#
#   bench/steady.sh [WAREHOUSES=4] [TERMINALS=8] [MINUTES=20] [INTERVAL=30]
#
# WARMUP (seconds, default 60) precedes the measured MINUTES. WINDOW
# (seconds, default 300) is the span compared at each end, at most half the
# run. PREPARE_ARGS adds options to the load (PREPARE_ARGS="--fillfactor
# 100"), RUN_ARGS to the run; AFTER_PREPARE_SQL runs after the load (to try
# a setting: "alter table bmsql_stock set (autovacuum_enabled = off)"); TPCC
# names the binary (another build to compare).
# DURABLE=1 runs the server with fsync, synchronous_commit and
# full_page_writes on.
set -euo pipefail
cd "$(dirname "$0")/.."
W=${1:-4}; T=${2:-8}; MINUTES=${3:-20}; INTERVAL=${4:-30}
WARMUP=${WARMUP:-60}; WINDOW=${WINDOW:-300}
TPCC=${TPCC:-./build/tpcc}
[ -x "$TPCC" ] || { echo "build first: scripts/build.sh (looked for $TPCC)" >&2; exit 2; }
command -v psql >/dev/null || { echo "psql missing: apt-get install postgresql-client" >&2; exit 2; }
# The targets of issue 15, item 3.
readonly MIN_LAST_OVER_FIRST=0.90
readonly MAX_INTERVAL_DEVIATION=0.10

echo "load at start: $(uptime)"
source bench/throwaway-pg.sh
sql() { psql "$PG_CONN" -XAtq -F ' ' -c "$1"; }
echo "server: $(sql "select string_agg(name || '=' || setting || coalesce(unit, ''), ' ' order by name)
  from pg_settings where name in ('fsync', 'synchronous_commit', 'full_page_writes', 'shared_buffers',
  'wal_level', 'checkpoint_timeout', 'max_wal_size', 'autovacuum', 'autovacuum_naptime')")"

# shellcheck disable=SC2086  # word splitting of the extra options is wanted
"$TPCC" prepare --conn "$PG_CONN" --warehouses "$W" --no-check ${PREPARE_ARGS:-} >"$PG_DIR/prepare.log"
[ -z "${AFTER_PREPARE_SQL:-}" ] || sql "$AFTER_PREPARE_SQL"
echo "storage parameters after prepare:"
sql "select '  ' || relname, coalesce(array_to_string(reloptions, ','), '(none)') from pg_class
  where relname like 'bmsql\_%' and relkind in ('r', 'p') order by relname"

HOT_TABLES="'bmsql_warehouse','bmsql_district','bmsql_customer','bmsql_stock','bmsql_new_order','bmsql_oorder','bmsql_order_line'"
table_stats() {
  echo "per hot table at the $1 of the run (counters since prepare's load):"
  printf '  %-17s %9s %9s %11s %11s %5s %9s %9s %11s %4s\n' table heap_kB index_kB n_tup_upd \
    n_tup_hot_upd HOT% n_dead seq_scan idx_scan av
  sql "select relname, pg_relation_size(relid) / 1024, pg_indexes_size(relid) / 1024, n_tup_upd,
      n_tup_hot_upd, coalesce(round(100.0 * n_tup_hot_upd / nullif(n_tup_upd, 0), 1)::text, '-'),
      n_dead_tup, seq_scan, coalesce(idx_scan, 0), autovacuum_count
    from pg_stat_user_tables where relname in ($HOT_TABLES) order by relname" |
    while read -r name heap idx upd hot share dead seq iscan av; do
      printf '  %-17s %9s %9s %11s %11s %5s %9s %9s %11s %4s\n' "$name" "$heap" "$idx" "$upd" "$hot" \
        "$share" "$dead" "$seq" "$iscan" "$av"
    done
}
table_stats start

echo "tpcc run: W=$W, $T terminals, no keying/think time, ${WARMUP}s warm-up, $MINUTES min measured, ${INTERVAL}s intervals"
# shellcheck disable=SC2086
"$TPCC" run --conn "$PG_CONN" --terminals "$T" --warmup "$WARMUP" --duration $((MINUTES * 60)) \
  --report-interval "$INTERVAL" --result-dir "$PG_DIR/result" ${RUN_ARGS:-} >"$PG_DIR/run.log" 2>&1 ||
  { echo "tpcc run failed:"; tail -n 20 "$PG_DIR/run.log"; exit 1; }
table_stats end
echo "load at end: $(uptime)"

# intervals.csv: elapsed_s,warmup,tpmC,...; measured intervals only, each
# weighted by its length in the window figures.
awk -F, -v window="$WINDOW" -v warmup="$WARMUP" -v min_ratio="$MIN_LAST_OVER_FIRST" \
    -v max_dev="$MAX_INTERVAL_DEVIATION" '
  NR == 1 { next }
  { if ($2 == 0) { n++; end[n] = $1 - warmup; len[n] = $1 - prev; tpmc[n] = $3 } prev = $1 }
  END {
    if (n < 2) { print "too few measured intervals"; exit 1 }
    total = end[n]
    if (window > total / 2) window = total / 2
    printf "interval tpmC (end of interval after warm-up, s: tpmC):\n"
    for (i = 1; i <= n; i++) {
      printf "  %7.0f: %9.0f%s", end[i], tpmc[i], (i % 5 == 0 || i == n) ? "\n" : ""
      sum += tpmc[i] * len[i]; span += len[i]
      if (end[i] <= window) { first += tpmc[i] * len[i]; first_span += len[i] }
      if (end[i] - len[i] >= total - window) { last += tpmc[i] * len[i]; last_span += len[i] }
    }
    mean = sum / span
    for (i = 1; i <= n; i++) {
      var += len[i] * (tpmc[i] - mean) ^ 2
      dev = (tpmc[i] - mean) / mean; if (dev < 0) dev = -dev
      if (dev > worst) { worst = dev; worst_at = end[i] }
    }
    cv = sqrt(var / span) / mean
    first /= first_span; last /= last_span
    printf "mean tpmC %.0f over %d intervals\n", mean, n
    printf "first %.0f s: %.0f tpmC, last %.0f s: %.0f tpmC, last / first %.3f (target >= %.2f): %s\n",
      window, first, window, last, last / first, min_ratio, (last / first >= min_ratio) ? "PASS" : "FAIL"
    printf "coefficient of variation %.3f; largest deviation from the mean %.1f%% (interval ending %.0f s; target <= %.0f%%): %s\n",
      cv, 100 * worst, worst_at, 100 * max_dev, (worst <= max_dev) ? "PASS" : "FAIL"
  }' "$PG_DIR/result/intervals.csv"
