#!/usr/bin/env bash
# Does throughput hold for the whole run? One long unpaced `tpcc run` (no
# keying or think time, as bench/run.sh) on a throwaway server: the tpmC of
# every interval, of the first and the last five minutes after the warm-up
# and their ratio, the coefficient of variation over the intervals and the
# largest deviation of an interval from the run's mean, with PASS/FAIL
# against the steady-state targets (last five minutes >= 0.9 x the first five;
# every interval within +-10% of the mean). Per hot table, at the start and
# the end of the run: size, updates and the HOT share, dead tuples, scans and
# autovacuums, which show the causes when throughput does not hold; and
# each interval outside the target beside the autovacuum, checkpoints and
# CPU of that interval.
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
# full_page_writes on. PROFILE=1 samples every process on the machine with
# `perf record` (cpu-clock, PROFILE_HZ per CPU, default 199) for the whole
# run and prints bench/interval_profile.awk's comparison of the slow
# intervals with the fast ones, function by function (needs perf).
set -euo pipefail
cd "$(dirname "$0")/.."
W=${1:-4}; T=${2:-8}; MINUTES=${3:-20}; INTERVAL=${4:-30}
WARMUP=${WARMUP:-60}; WINDOW=${WINDOW:-300}
TPCC=${TPCC:-./build/tpcc}
[ -x "$TPCC" ] || { echo "build first: scripts/build.sh (looked for $TPCC)" >&2; exit 2; }
command -v psql >/dev/null || { echo "psql missing: apt-get install postgresql-client" >&2; exit 2; }
PROFILE=${PROFILE:-0}
[ "$PROFILE" = 0 ] || command -v perf >/dev/null || { echo "PROFILE=1 needs perf: apt-get install linux-perf" >&2; exit 2; }
# The steady-state targets.
readonly MIN_LAST_OVER_FIRST=0.90
readonly MAX_INTERVAL_DEVIATION=0.10

echo "load at start: $(uptime)"
source bench/throwaway-pg.sh
sql() { psql "$PG_CONN" -XAtq -F ' ' -c "$1"; }
echo "server: $(sql "select string_agg(name || '=' || current_setting(name), ' ' order by name)
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

# A CPU-speed probe beside the run: every PROBE_EVERY seconds (5), the user
# CPU time of the same fixed awk loop (about 60 ms on an idle core). It takes
# longer when each CPU-second does less work — other guests on the host,
# caches shared with the run — which the run's own counters cannot tell from
# transactions costing more.
PROBE_EVERY=${PROBE_EVERY:-5}
probe_cpu_speed() {
  local at cpu
  while :; do
    at=$(date +%s.%N)
    cpu=$( { TIMEFORMAT=%3U; time awk 'BEGIN { for (i = 0; i < 5e5; i++) s += i * i % 7 }'; } 2>&1)
    echo "$at $cpu"
    sleep "$PROBE_EVERY"
  done
}

# The CPU of autovacuum's workers, which share the cores with the run:
# every second, each worker's utime+stime so far (clock ticks).
postmaster=$(head -n 1 "$PG_DIR/data/postmaster.pid")
sample_autovacuum_cpu() {
  local at pid
  while :; do
    at=$(date +%s.%N)
    for pid in $(ps -o pid= --ppid "$postmaster"); do
      case "$(cat "/proc/$pid/cmdline" 2>/dev/null | tr '\0' ' ')" in
        *"autovacuum worker"*) echo "$at $pid $(sed 's/^.*) //' "/proc/$pid/stat" 2>/dev/null |
          awk '{print $12 + $13}')" ;;
      esac
    done
    sleep 1
  done
}

echo "tpcc run: W=$W, $T terminals, no keying/think time, ${WARMUP}s warm-up, $MINUTES min measured, ${INTERVAL}s intervals"
run_start=$(date +%s.%N)
probe_cpu_speed >"$PG_DIR/probe.txt" &
probe_pid=$!
sample_autovacuum_cpu >"$PG_DIR/autovacuum_cpu.txt" &
autovacuum_sampler_pid=$!
if [ "$PROFILE" != 0 ]; then
  # Sample times in epoch seconds (-k realtime), to be put in intervals.
  perf record -k realtime -a -F "${PROFILE_HZ:-199}" -e cpu-clock -o "$PG_DIR/perf.data" \
    >"$PG_DIR/perf.log" 2>&1 &
  perf_pid=$!
fi
# shellcheck disable=SC2086
"$TPCC" run --conn "$PG_CONN" --terminals "$T" --warmup "$WARMUP" --duration $((MINUTES * 60)) \
  --report-interval "$INTERVAL" --result-dir "$PG_DIR/result" ${RUN_ARGS:-} >"$PG_DIR/run.log" 2>&1 ||
  { echo "tpcc run failed:"; tail -n 20 "$PG_DIR/run.log"; exit 1; }
kill "$probe_pid" "$autovacuum_sampler_pid" 2>/dev/null || true
[ "$PROFILE" = 0 ] || { kill -INT "$perf_pid"; wait "$perf_pid" || true; }
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

# Each interval outside the target beside what else happened in it, from
# the server metrics of intervals.csv: autovacuum (tables being vacuumed),
# checkpoints, the host's idle share, and the CPU the server and the client
# used, the buffer hit ratio and the most backends waiting for a lock at once;
# "txn/CPU-s" is the interval's transactions per CPU-second of both,
# relative to the run's median: near 1.00 with less CPU means the run got
# less of the machine, below 1.00 at the same CPU means each transaction
# took more CPU time. "probe" is the CPU-speed probe's time in the interval
# relative to its median (above 1.00: the CPUs did less per second), and
# the correlation of the two over all intervals says how much of the
# variation the host's speed explains.
awk -v warmup="$WARMUP" -v max_dev="$MAX_INTERVAL_DEVIATION" -v run_start="$run_start" -v hz="$(getconf CLK_TCK)" '
  # Splits a CSV line into F[1..n]; fields may be quoted, with "" for ".
  function parse(line,   i, c, f, q, n) {
    n = 0; f = ""; q = 0
    for (i = 1; i <= length(line); i++) {
      c = substr(line, i, 1)
      if (q) {
        if (c == "\"") { if (substr(line, i + 1, 1) == "\"") { f = f c; i++ } else q = 0 }
        else f = f c
      } else if (c == "\"") q = 1
      else if (c == ",") { F[++n] = f; f = "" }
      else f = f c
    }
    F[++n] = f
    return n
  }
  function field(name) { return (name in col) ? F[col[name]] : "" }
  function median(a, m,   i, j, v, b) {
    for (i = 1; i <= m; i++) b[i] = a[i]
    for (i = 2; i <= m; i++) { v = b[i]; for (j = i - 1; j >= 1 && b[j] > v; j--) b[j + 1] = b[j]; b[j + 1] = v }
    return (m % 2) ? b[(m + 1) / 2] : (b[m / 2] + b[m / 2 + 1]) / 2
  }
  FILENAME ~ /probe/ { probes++; probe_at[probes] = $1 - run_start; probe_cpu[probes] = $2; next }
  # A worker ticks since its last sample (all of them at its first), at the
  # time of the sample.
  FILENAME ~ /autovacuum_cpu/ {
    avs++; av_at[avs] = $1 - run_start; av_ticks[avs] = $3 - (($2 in last_ticks) ? last_ticks[$2] : 0)
    last_ticks[$2] = $3; next
  }
  FNR == 1 { k = parse($0); for (i = 1; i <= k; i++) col[F[i]] = i; next }
  {
    parse($0)
    if (field("warmup") != 0) { prev = field("elapsed_s"); next }
    n++; end[n] = field("elapsed_s") - warmup; len[n] = field("elapsed_s") - prev
    for (p = 1; p <= probes; p++) {
      if (probe_at[p] > prev && probe_at[p] <= field("elapsed_s")) { probe_sum[n] += probe_cpu[p]; probe_n[n]++ }
    }
    for (p = 1; p <= avs; p++) {
      if (av_at[p] > prev && av_at[p] <= field("elapsed_s")) av_cpu[n] += av_ticks[p] / hz
    }
    prev = field("elapsed_s")
    tpmc[n] = field("tpmC"); total[n] = field("tpmTOTAL")
    cpu[n] = field("server_cpu_s") + field("client_cpu_s"); srv[n] = field("server_cpu_s")
    idle[n] = field("host_idle_pct"); av[n] = field("autovacuum_tables")
    hit[n] = field("blks_hit_ratio"); locks[n] = field("lock_waits")
    ckpt[n] = field("ckpt_timed") + field("ckpt_req")
    eff[n] = (cpu[n] > 0) ? total[n] * len[n] / 60 / cpu[n] : 0
  }
  END {
    if (n < 2 || !("server_cpu_s" in col)) { print "(no server metrics in intervals.csv: run without --server-metrics off)"; exit }
    for (i = 1; i <= n; i++) {
      sum += tpmc[i] * len[i]; span += len[i]; cpus += cpu[i]
      speed[i] = probe_n[i] ? probe_sum[i] / probe_n[i] : 0
      if (speed[i] > 0) { probed++; probed_speed[probed] = speed[i] }
    }
    mean = sum / span
    med = median(eff, n); probe_med = probed ? median(probed_speed, probed) : 0
    printf "intervals outside +-%.0f%% of the mean, and what else happened in them (run means: %.1f CPU-s per interval):\n", 100 * max_dev, cpus / n
    printf "  %7s %9s %7s %6s %7s %9s %6s %7s %5s %5s %7s  %s\n", "end s", "tpmC", "dev%", "idle%", "CPU-s", "txn/CPU-s", "probe", "hit%", "locks", "ckpt", "av CPU-s", "autovacuum"
    for (i = 1; i <= n; i++) {
      dev = (tpmc[i] - mean) / mean
      if (dev > max_dev || dev < -max_dev) {
        printf "  %7.0f %9.0f %+7.1f %6s %7.1f %9.2f %6s %7s %5s %5d %8.1f  %s\n", end[i], tpmc[i], 100 * dev, idle[i], cpu[i],
          (med > 0) ? eff[i] / med : 0, (speed[i] > 0 && probe_med > 0) ? sprintf("%.2f", speed[i] / probe_med) : "-",
          (hit[i] == "") ? "-" : sprintf("%.2f", 100 * hit[i]), (locks[i] == "") ? "-" : locks[i],
          ckpt[i], av_cpu[i], (av[i] == "") ? "-" : av[i]
        outside++
      }
    }
    if (!outside) print "  (none)"
    with_av = 0; for (i = 1; i <= n; i++) { if (av[i] != "") with_av++; av_total += av_cpu[i] }
    printf "autovacuum ran in %d of the %d intervals; its workers used %.1f CPU-s, %.1f%% of all the CPU of the run\n",
      with_av, n, av_total, (cpus > 0) ? 100 * av_total / cpus : 0
    # Correlation over all intervals of tpmC with the CPU of the workers.
    for (i = 1; i <= n; i++) { ma += tpmc[i]; mb += av_cpu[i] }
    ma /= n; mb /= n
    for (i = 1; i <= n; i++) { cab += (tpmc[i] - ma) * (av_cpu[i] - mb); va += (tpmc[i] - ma) ^ 2; vb += (av_cpu[i] - mb) ^ 2 }
    printf "correlation of interval tpmC with autovacuum CPU-s: %.2f\n", (va > 0 && vb > 0) ? cab / sqrt(va * vb) : 0
    # Pearson correlation over the probed intervals of tpmC with the CPU
    # speed (1 / probe time) and with txn/CPU-s.
    m = 0
    for (i = 1; i <= n; i++) if (speed[i] > 0) { m++; x[m] = tpmc[i]; y[m] = 1 / speed[i]; z[m] = eff[i] }
    if (m < 3) { print "CPU-speed probe: too few samples"; exit }
    for (i = 1; i <= m; i++) { sx += x[i]; sy += y[i]; sz += z[i] }
    sx /= m; sy /= m; sz /= m
    for (i = 1; i <= m; i++) {
      cxy += (x[i] - sx) * (y[i] - sy); cxz += (x[i] - sx) * (z[i] - sz)
      vx += (x[i] - sx) ^ 2; vy += (y[i] - sy) ^ 2; vz += (z[i] - sz) ^ 2
    }
    for (i = 1; i <= probed; i++) { pv += (probed_speed[i] - probe_med) ^ 2 }
    printf "CPU-speed probe: median %.3f s, CV %.3f over %d intervals; correlation of interval tpmC with CPU speed %.2f, with txn/CPU-s %.2f\n",
      probe_med, sqrt(pv / probed) / probe_med, m, (vx > 0 && vy > 0) ? cxy / sqrt(vx * vy) : 0,
      (vx > 0 && vz > 0) ? cxz / sqrt(vx * vz) : 0
  }' "$PG_DIR/probe.txt" "$PG_DIR/autovacuum_cpu.txt" "$PG_DIR/result/intervals.csv"

if [ "$PROFILE" != 0 ]; then
  perf script -i "$PG_DIR/perf.data" -F comm,pid,time,ip,sym,dso 2>/dev/null |
    awk -f bench/interval_profile.awk -v run_start="$run_start" \
      -v client="$(basename "$TPCC" | cut -c 1-15)" "$PG_DIR/result/intervals.csv" -
fi
