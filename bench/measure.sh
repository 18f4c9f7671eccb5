#!/usr/bin/env bash
# Sourced by the benchmark scripts that compare runs on one throwaway server
# (after bench/throwaway-pg.sh): medians, the server's CPU from /proc, the
# figures of a result.json, and a command timed (wall and CPU seconds).
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

# CPU seconds of the server so far: the postmaster, the children it has
# reaped (cutime, cstime) and the children still running.
TICKS=$(getconf CLK_TCK)
server_cpu_seconds() {
  local postmaster total=0 pid fields
  postmaster=$(head -n 1 "$PG_DIR/data/postmaster.pid")
  for pid in "$postmaster" $(ps -o pid= --ppid "$postmaster"); do
    # Fields after the command name: utime stime cutime cstime are 12..15.
    fields=$(sed 's/^.*) //' "/proc/$pid/stat" 2>/dev/null) || continue
    if [ "$pid" = "$postmaster" ]; then
      total=$((total + $(awk '{print $12 + $13 + $14 + $15}' <<<"$fields")))
    else
      total=$((total + $(awk '{print $12 + $13}' <<<"$fields")))
    fi
  done
  awk -v t="$total" -v hz="$TICKS" 'BEGIN { printf "%.2f", t / hz }'
}

# The run's backends exit after tpcc does; their CPU reaches the
# postmaster's cutime only once it has reaped them.
children() { ps -o pid= --ppid "$(head -n 1 "$PG_DIR/data/postmaster.pid")" | wc -l; }
wait_for_backends_to_exit() {
  local limit=$1 i
  for i in $(seq 1 100); do
    [ "$(children)" -le "$limit" ] && return 0
    sleep 0.1
  done
  echo "warning: the run's backends had not all exited after 10 s" >&2
}

# json_fields FILE PATH...: the values at each dotted PATH of a JSON file
# (result.json), on one line; "-" for one that is null or missing. The one
# reader of result files for every script here.
json_fields() {
  python3 - "$@" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
def at(path):
    value = doc
    for key in path.split("."):
        if not isinstance(value, dict) or value.get(key) is None:
            return "-"
        value = value[key]
    return value
print(*(at(path) for path in sys.argv[2:]))
PY
}

# tpmC tpmTOTAL p90-of-New-Order-in-ms transactions-of-all-phases
read_result() {
  json_fields "$1" tpmC tpmTOTAL transactions.new_order.latency_ms.p90 transactions_all_phases
}

# r_client, r_switches and r_server of the run just measured (user, sys,
# involuntary, voluntary from /usr/bin/time; before and after from
# server_cpu_seconds) over its N transactions.
per_transaction() {
  local n=$1
  r_client=$(awk -v u="$user" -v s="$sys" -v n="$n" 'BEGIN { printf "%.1f", (u + s) * 1e6 / n }')
  r_switches=$(awk -v c="$involuntary" -v w="$voluntary" -v n="$n" 'BEGIN { printf "%.2f", (c + w) / n }')
  r_server=$(awk -v a="$after" -v b="$before" -v n="$n" 'BEGIN { printf "%.1f", (a - b) * 1e6 / n }')
}

# One measured `tpcc run` of BINARY into DIR with the options that follow,
# then `tpcc check` (exits the script if it fails). Sets r_tpmc, r_total,
# r_p90 (New-Order, ms), r_client and r_server (CPU us per transaction),
# r_switches (the client's context switches per transaction, voluntary and
# involuntary: each wait for the server's answer is one) and r_load (the
# 1-minute load average when the run ended).
measured_run() {
  local binary=$1 dir=$2 idle_children before after user sys involuntary voluntary r_txns
  shift 2
  idle_children=$(children)
  before=$(server_cpu_seconds)
  /usr/bin/time -f "%U %S %c %w" -o "$PG_DIR/time.txt" \
    "$binary" run --conn "$PG_CONN" --result-dir "$dir" "$@" >"$dir.log" 2>&1
  wait_for_backends_to_exit "$idle_children"
  after=$(server_cpu_seconds)
  read -r user sys involuntary voluntary <"$PG_DIR/time.txt"
  r_load=$(cut -d ' ' -f 1 /proc/loadavg)
  read -r r_tpmc r_total r_p90 r_txns < <(read_result "$dir/result.json")
  per_transaction "$r_txns"
  "$binary" check --conn "$PG_CONN" >"$dir-check.log" ||
    { echo "tpcc check after the run in $dir FAILED:"; cat "$dir-check.log"; exit 1; }
}

# timed FILE COMMAND...: runs the command with its output in FILE, then
# appends "TIMED status wall-seconds cpu-seconds" (user + system of it and
# its children); timed_field FILE N reads field N of that line.
timed() {
  local file=$1
  shift
  python3 - "$@" >"$file" 2>&1 <<'PY'
import resource, subprocess, sys, time
start = time.monotonic()
status = subprocess.run(sys.argv[1:]).returncode
wall = time.monotonic() - start
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print("TIMED %d %.3f %.3f" % (status, wall, r.ru_utime + r.ru_stime), flush=True)
PY
}
timed_field() { awk -v f="$2" '/^TIMED / {print $f}' "$1"; }

# The order of round R's two sides: FIRST SECOND in odd rounds, SECOND
# FIRST in even ones, so that neither side always meets the database the
# other has just grown.
round_order() { if (($1 % 2)); then echo "$2 $3"; else echo "$3 $2"; fi; }

# order_summary FILE X Y: FILE's lines are "round first-side metric x-value
# y-value" (one per round and metric); prints Y / X of each metric per round,
# then by which side ran first (the median of those rounds) and overall
# (the geometric mean of every round's ratio, and the median). A side
# against itself comes out at x1.00 within the machine's noise, in both
# orders.
order_summary() {
  python3 - "$@" <<'PY'
import math, statistics, sys
path, x, y = sys.argv[1:4]
rows = [line.split() for line in open(path) if line.strip()]
metrics = list(dict.fromkeys(r[2] for r in rows))
def ratios(rows, metric):
    return [float(r[4]) / float(r[3]) for r in rows if r[2] == metric and float(r[3]) > 0]
print(f"{y} / {x}, per round and by which side ran first:")
for metric in metrics:
    per_round = ", ".join(f"round {r[0]} ({r[1]} first) x{float(r[4]) / float(r[3]):.3f}"
                          for r in rows if r[2] == metric and float(r[3]) > 0)
    print(f"  {metric}: {per_round}")
    for first in (x, y):
        rs = ratios([r for r in rows if r[1] == first], metric)
        if rs:
            print(f"    {first} first: median x{statistics.median(rs):.3f} over {len(rs)} round(s)")
    rs = ratios(rows, metric)
    if rs:
        geo = math.exp(sum(math.log(v) for v in rs) / len(rs))
        print(f"    overall: x{geo:.3f} (geometric mean), median x{statistics.median(rs):.3f}")
PY
}
