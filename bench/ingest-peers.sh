#!/usr/bin/env bash
# The ingest workload against the usual pgbench set-up for bulk appends, on
# one throwaway server: STREAMS pgbench processes, each `-c 1 -M prepared
# -n` running a ROWS-row (100) `insert into testN(crt_time) values (now()),...`
# into an UNLOGGED table of its own (crt_time timestamp, info text default a
# 320-character text stored plain: about 360 bytes a row), against `tpcc run
# --workload ingest` with as many streams into as many tables prepared with
# --unlogged (the same rows). Both tools' tables are emptied before each
# run (TRUNCATE for pgbench's, cleanup and prepare for tpcc's), then a
# CHECKPOINT and a sync, so that neither run meets the write-back of
# the rows the other has just written; ROUNDS rounds alternate which tool
# goes first. Prints the medians of rows/s (tpcc's over its run;
# pgbench's over the whole seconds in which all its processes ran at once,
# from their per-second logs) and of the clients' CPU per 1000 rows (user +
# system of every client process over its run), then tpcc's over pgbench's
# per round, by which went first, and overall.
#
#   bench/ingest-peers.sh [BINARY=build/tpcc] [STREAMS=8] [TIME=20] [ROUNDS=3]
#
# DURABLE=1 (bench/throwaway-pg.sh) measures against a durable server.
# ROWS=N sends N rows per statement (per COPY) instead of 100.
# FLOOR=1 then measures the COPY variant (--ingest-method copy, STREAMS
# streams, TIME seconds) against its ceiling: the server alone loading
# 1,000,000 timestamps into each of STREAMS such tables at once, with
# COPY from a file on the server (no client at all).
set -euo pipefail
cd "$(dirname "$0")/.."
BINARY=${1:-build/tpcc}; STREAMS=${2:-8}; TIME=${3:-20}; ROUNDS=${4:-3}
source bench/pgbench-side.sh
ROWS=${ROWS:-100}
PAYLOAD=$(python3 -c 'import hashlib; print("".join(hashlib.md5(str(i).encode()).hexdigest() for i in range(10)))')

for db in ingest_pgbench ingest_tpcc; do "$PG_BIN/psql" "$PG_CONN" -Xqc "create database $db"; done
PGB_CONN="host=$PG_DIR/socket port=$PG_PORT user=postgres dbname=ingest_pgbench"
TPCC_CONN="host=$PG_DIR/socket port=$PG_PORT user=postgres dbname=ingest_tpcc"
values=$(python3 -c "print(','.join(['(now())'] * $ROWS))")
for i in $(seq 1 "$STREAMS"); do
  "$PG_BIN/psql" "$PGB_CONN" -Xq -c "create unlogged table test$i (crt_time timestamp,
    info text default '$PAYLOAD')" -c "alter table test$i alter column info set storage plain"
  echo "insert into test$i(crt_time) values $values;" >"$PG_DIR/test$i.sql"
done

# Runs every stream's pgbench at once; prints the rows/s they sum to and
# their CPU per 1000 rows. The processes start one after another (64 take
# over a second on two cores), so the sum of their own tps would count
# seconds in which some ran alone: the rate is taken from each process's
# per-second log (-l --aggregate-interval 1) over the whole seconds in
# which all of them ran, as tpcc's streams all run over its one window.
pgbench_round() {
  rm -f "$PG_DIR"/agg*
  python3 - "$PGBENCH" "$PG_DIR" "$PG_PORT" "$STREAMS" "$TIME" "$ROWS" <<'PY'
import glob, resource, subprocess, sys
pgbench, pg_dir, port, streams, time, rows = sys.argv[1:]
procs = [subprocess.Popen([pgbench, "-M", "prepared", "-n", "-c", "1", "-j", "1", "-T", time,
                           "-l", "--aggregate-interval", "1", "--log-prefix", f"{pg_dir}/agg{i}",
                           "-f", f"{pg_dir}/test{i}.sql", "-h", f"{pg_dir}/socket", "-p", port,
                           "-U", "postgres", "ingest_pgbench"],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
         for i in range(1, int(streams) + 1)]
for p in procs:
    out = p.communicate()[0]
    if p.returncode != 0:
        sys.exit("pgbench failed:\n" + out)
per_second = {}  # second -> transactions, over the whole seconds of every process
common = None
logs = glob.glob(f"{pg_dir}/agg*")
if len(logs) != int(streams):
    sys.exit(f"expected {streams} pgbench logs, found {len(logs)}")
for log in logs:
    intervals = [(int(f[0]), int(f[1])) for f in (line.split() for line in open(log)) if f]
    whole = intervals[1:-1]  # the first and last seconds are partial
    seconds = {second for second, _ in whole}
    common = seconds if common is None else common & seconds
    for second, count in whole:
        per_second[second] = per_second.get(second, 0) + count
if not common:
    sys.exit("the pgbench processes never ran all at once for a whole second: raise TIME")
per_common_second = sum(per_second[s] for s in common) / len(common)
all_transactions = sum(int(f[1]) for log in logs for f in (l.split() for l in open(log)) if f)
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print("%.1f %.4f" % (per_common_second * int(rows),
                     (r.ru_utime + r.ru_stime) * 1e6 / (all_transactions * int(rows))))
PY
}
# tpcc_round DIR [RUN OPTIONS...]: STREAMS ingest streams into new tables;
# prints their rows/s and CPU per 1000 rows.
tpcc_round() {
  local dir=$1
  shift
  "$BINARY" prepare --workload ingest --conn "$TPCC_CONN" --terminals "$STREAMS" --unlogged \
    --ingest-rows "$ROWS" >"$PG_DIR/prepare.log" 2>&1 || { cat "$PG_DIR/prepare.log"; exit 1; }
  timed "$dir.log" "$BINARY" run --workload ingest --conn "$TPCC_CONN" --terminals "$STREAMS" \
    --ingest-rows "$ROWS" --duration "$TIME" --warmup 0 --result-dir "$dir" "$@"
  [ "$(timed_field "$dir.log" 2)" = 0 ] || { echo "tpcc run failed:"; tail -20 "$dir.log"; exit 1; }
  read -r rows_per_second rows < <(json_fields "$dir/result.json" ingest.rows_per_second ingest.rows)
  awk -v r="$rows_per_second" -v n="$rows" -v c="$(timed_field "$dir.log" 4)" \
    'BEGIN {printf "%.1f %.4f\n", r, c * 1e6 / n}'
}

# Both tools' tables emptied, and what they held written out and synced.
empty_tables() {
  for i in $(seq 1 "$STREAMS"); do "$PG_BIN/psql" "$PGB_CONN" -Xqc "truncate test$i"; done
  "$BINARY" cleanup --workload ingest --conn "$TPCC_CONN" >"$PG_DIR/cleanup.log" 2>&1
  "$PG_BIN/psql" "$PG_CONN" -Xqc checkpoint
  sync
}

print_server_settings
echo "$STREAMS streams, $ROWS rows per statement, ${TIME}s runs, $ROUNDS round(s)"
pgbench_figures=""
tpcc_figures=""
RATIOS="$PG_DIR/ratios"
for round in $(seq 1 "$ROUNDS"); do
  for tool in $(round_order "$round" pgbench tpcc); do
    empty_tables
    if [ "$tool" = pgbench ]; then
      read -r p_rows p_cpu < <(pgbench_round)
      pgbench_figures+="$p_rows $p_cpu"$'\n'
    else
      read -r t_rows t_cpu < <(tpcc_round "$PG_DIR/tpcc-$round")
      tpcc_figures+="$t_rows $t_cpu"$'\n'
    fi
  done
  first=$(round_order "$round" pgbench tpcc | cut -d' ' -f1)
  echo "$round $first rows/s $p_rows $t_rows" >>"$RATIOS"
  echo "$round $first client-CPU/row $p_cpu $t_cpu" >>"$RATIOS"
done
printf "%-8s %12s %22s\n" tool rows/s "client CPU ms/1000 rows"
for tool in pgbench tpcc; do
  figures=pgbench_figures
  [ "$tool" = tpcc ] && figures=tpcc_figures
  col() { printf "%s" "${!figures}" | awk -v c="$1" 'NF {print $c}' | median; }
  printf "%-8s %12.1f %22.4f\n" "$tool" "$(col 1)" "$(col 2)"
done
order_summary "$RATIOS" pgbench tpcc

[ "${FLOOR:-0}" = 1 ] || exit 0
empty_tables
read -r copy_rows _ < <(tpcc_round "$PG_DIR/tpcc-copy" --ingest-method copy)
FILE_ROWS=1000000
python3 - "$PG_DIR/rows.txt" "$FILE_ROWS" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    f.write("2026-01-01 00:00:00.000000\n" * int(sys.argv[2]))
PY
chmod 644 "$PG_DIR/rows.txt"
empty_tables
start=$(date +%s.%N)
for i in $(seq 1 "$STREAMS"); do
  "$PG_BIN/psql" "$PGB_CONN" -Xqc "copy test$i (crt_time) from '$PG_DIR/rows.txt'" &
done
wait
floor_rows=$(awk -v s="$start" -v e="$(date +%s.%N)" -v n=$((FILE_ROWS * STREAMS)) \
  'BEGIN {printf "%.1f", n / (e - s)}')
echo "COPY variant: tpcc $copy_rows rows/s; the server alone from a file: $floor_rows rows/s" \
  "($(awk -v a="$copy_rows" -v b="$floor_rows" 'BEGIN {printf "%.2f", a / b}')x of it)"
