# Where the CPU went in the slow intervals of a run against its fast ones
# (bench/steady.sh with PROFILE=1). Input: the run's intervals.csv, then
# `perf script -F comm,pid,time,ip,sym,dso` of a whole-machine cpu-clock
# recording taken with `perf record -k realtime`, so that each sample's time
# is epoch seconds. Variables: run_start (epoch seconds at the run's start)
# and client (the client's command name, 15 characters at most).
#
# The measured intervals are ranked by tpmC; the lowest third is "slow",
# the highest third "fast". For each function it prints the CPU samples per
# 1000 transactions of each group and their ratio. If the slow intervals
# only ran on slower CPUs (other guests on the host, caches or memory
# bandwidth shared with them), every function takes longer by the same
# factor, the ratio of all the run's samples. A cause in the software (a
# plan turning into a scan, a lock spun on, a bloated index) is instead one
# function or a few whose ratio stands far above the others.

# Splits a CSV line of intervals.csv into F[1..n] (no quoted fields needed
# for the columns read here).
function split_csv(line) { return split(line, F, ",") }

# Sorts b[1..a] into ascending order (insertion sort; intervals are few).
function sort_numbers(a, b,   i, j, v) {
  for (i = 2; i <= a; i++) { v = b[i]; for (j = i - 1; j >= 1 && b[j] > v; j--) b[j + 1] = b[j]; b[j + 1] = v }
}

FILENAME ~ /intervals\.csv$/ {
  if (FNR == 1) { k = split_csv($0); for (i = 1; i <= k; i++) col[F[i]] = i; next }
  split_csv($0)
  if (F[col["warmup"]] != 0) { prev = F[col["elapsed_s"]]; next }
  n++; from[n] = run_start + prev; to[n] = run_start + F[col["elapsed_s"]]
  len[n] = F[col["elapsed_s"]] - prev; prev = F[col["elapsed_s"]]
  tpmc[n] = F[col["tpmC"]]; txns[n] = F[col["tpmTOTAL"]] * len[n] / 60
  next
}

# A sample: "comm pid time: ip sym (dso)"; sym may hold spaces (C++).
{
  for (t = 1; t <= NF && $t !~ /^[0-9]+\.[0-9]+:$/; t++);
  if (t > NF) next
  at = substr($t, 1, length($t) - 1) + 0
  comm = $1
  dso = $NF; gsub(/^\(|\)$/, "", dso); sub(/^.*\//, "", dso)
  sym = ""
  for (f = t + 2; f < NF; f++) sym = sym (sym == "" ? "" : " ") $f
  if (sym == "" || sym == "[unknown]") sym = "[" dso "]"
  if (comm == "swapper") key = "idle"
  else if (comm == "postgres") key = "server " sym
  else if (comm == client) key = "client " sym
  else key = "other " comm
  # The interval of the sample (intervals are few: a linear search).
  for (i = 1; i <= n; i++) if (at > from[i] && at <= to[i]) break
  if (i > n) next
  samples[i, key]++; keys[key] = 1; in_interval[i]++
  if (key != "idle") busy[i]++
}

END {
  if (n < 3) { print "interval profile: fewer than 3 measured intervals"; exit }
  for (i = 1; i <= n; i++) order[i] = tpmc[i]
  sort_numbers(n, order)
  low_cut = order[int(n / 3)]; high_cut = order[n - int(n / 3) + 1]
  for (i = 1; i <= n; i++) {
    if (tpmc[i] <= low_cut) { group[i] = "slow"; slow_n++; slow_txn += txns[i] }
    else if (tpmc[i] >= high_cut) { group[i] = "fast"; fast_n++; fast_txn += txns[i] }
  }
  if (!slow_txn || !fast_txn) { print "interval profile: no transactions in a group"; exit }
  for (key in keys) {
    for (i = 1; i <= n; i++) {
      if (group[i] == "slow") slow[key] += samples[i, key]
      else if (group[i] == "fast") fast[key] += samples[i, key]
    }
    s = slow[key] * 1000 / slow_txn; f = fast[key] * 1000 / fast_txn
    per_slow[key] = s; per_fast[key] = f
    if (key != "idle") { busy_slow += s; busy_fast += f }
    if (key ~ /^server /) { server_slow += s; server_fast += f }
    if (key ~ /^client /) { client_slow += s; client_fast += f }
  }
  printf "interval profile: %d slow intervals (tpmC <= %.0f) against %d fast (tpmC >= %.0f); CPU samples per 1000 transactions:\n",
    slow_n, low_cut, fast_n, high_cut
  uniform = busy_slow / busy_fast
  printf "  %-52s %9s %9s %7s %9s\n", "", "slow", "fast", "ratio", "beyond"
  row("all busy CPU", busy_slow, busy_fast)
  row("server (postgres)", server_slow, server_fast)
  row("client", client_slow, client_fast)
  row("idle", per_slow["idle"], per_fast["idle"])
  # Beyond a uniform slowdown: what each function took in the slow
  # intervals minus what it would have taken had it only slowed down as
  # all the busy CPU did.
  for (key in keys) if (key != "idle") {
    excess[key] = per_slow[key] - per_fast[key] * uniform
    slow_busy += slow[key]; fast_busy += fast[key]
  }
  printf "  the functions that grew most beyond the all-busy ratio (\"beyond\": slow - fast x %.2f; %d busy samples in the slow intervals, %d in the fast):\n",
    uniform, slow_busy, fast_busy
  top(15, 1)
  printf "  and the functions that shrank most against the uniform ratio:\n"
  top(5, -1)
}

# Prints the COUNT keys with the largest excess times SIGN, not shown before.
function top(count, sign,   shown, best, best_value, key) {
  for (shown = 0; shown < count; shown++) {
    best = ""; best_value = 0
    for (key in excess) {
      if (key in done) continue
      if (sign * excess[key] > best_value) { best_value = sign * excess[key]; best = key }
    }
    if (best == "") break
    done[best] = 1
    row(best, per_slow[best], per_fast[best])
  }
}

function row(name, s, f) {
  printf "  %-52s %9.1f %9.1f %7s %+9.1f\n", substr(name, 1, 52), s, f, (f > 0) ? sprintf("%.2f", s / f) : "-",
    s - f * uniform
}
