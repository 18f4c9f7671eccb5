#include <catch2/catch.hpp>

#include <sstream>
#include <string>

#include "metrics/run.hpp"
#include "metrics/server_metrics.hpp"
#include "report/results/result_files.hpp"
#include "report/results/server_metrics_csv.hpp"

namespace {

using tpcc::ServerCounterValues;

std::size_t count_fields(const std::string& line) {
  std::size_t fields = 1;
  bool quoted = false;
  for (const char c : line) {
    if (c == '"') quoted = !quoted;
    if (c == ',' && !quoted) ++fields;
  }
  return fields;
}

}  // namespace

TEST_CASE("server metrics: counter deltas are end minus start, empty on a reset", "[metrics]") {
  ServerCounterValues a, b;
  a[tpcc::kCommits] = 100;
  b[tpcc::kCommits] = 250;
  a[tpcc::kWalBytes] = 5000;  // pg_stat_reset between the readings
  b[tpcc::kWalBytes] = 10;
  b[tpcc::kDeadlocks] = 3;  // not read at the start
  const ServerCounterValues d = tpcc::counter_deltas(a, b);
  CHECK(d[tpcc::kCommits] == 150);
  CHECK_FALSE(d[tpcc::kWalBytes]);
  CHECK_FALSE(d[tpcc::kDeadlocks]);
  CHECK_FALSE(d[tpcc::kFpi]);
}

TEST_CASE("server metrics: the buffer hit ratio is hits over all block accesses", "[metrics]") {
  ServerCounterValues d;
  CHECK_FALSE(tpcc::hit_ratio(d));
  d[tpcc::kBlksHit] = 0;
  d[tpcc::kBlksRead] = 0;
  CHECK_FALSE(tpcc::hit_ratio(d));  // no access: no ratio, not 0
  d[tpcc::kBlksHit] = 90;
  d[tpcc::kBlksRead] = 10;
  CHECK(*tpcc::hit_ratio(d) == Approx(0.9));
}

TEST_CASE("server metrics: /proc/stat's cpu line splits into user, system, iowait, idle",
          "[metrics]") {
  const std::string before =
      "cpu  1000 100 500 8000 200 50 50 100 0 0\ncpu0 500 50 250 4000 100 25 25 50 0 0\n";
  const std::string after = "cpu  1300 100 650 8400 300 75 75 100 0 0\n";
  const auto a = tpcc::parse_proc_stat(before);
  const auto b = tpcc::parse_proc_stat(after);
  REQUIRE(a);
  REQUIRE(b);
  CHECK(a->user == 1000);
  CHECK(a->steal == 100);
  // 1000 jiffies passed: 300 user, 150 + 25 + 25 system, 100 iowait, 400 idle.
  const auto split = tpcc::host_cpu_split(*a, *b);
  REQUIRE(split);
  CHECK(split->user_pct == Approx(30));
  CHECK(split->system_pct == Approx(20));
  CHECK(split->iowait_pct == Approx(10));
  CHECK(split->idle_pct == Approx(40));
  CHECK_FALSE(tpcc::host_cpu_split(*a, *a));  // no time passed
  CHECK_FALSE(tpcc::parse_proc_stat("intr 12345\n"));
  CHECK_FALSE(tpcc::parse_proc_stat(""));
}

TEST_CASE("server metrics: /proc/PID/stat is read after the command, which may hold ') '",
          "[metrics]") {
  // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt
  // cmajflt utime stime cutime cstime ...
  const std::string text =
      "4242 (postgres: x) (y)) S 17 4242 4242 0 -1 4194560 500 0 0 0 120 30 7 3 20 0 1 0\n";
  const auto p = tpcc::parse_proc_pid_stat(text);
  REQUIRE(p);
  CHECK(p->ppid == 17);
  CHECK(p->utime == 120);
  CHECK(p->stime == 30);
  CHECK(p->cutime == 7);
  CHECK(p->cstime == 3);
  CHECK_FALSE(tpcc::parse_proc_pid_stat("4242 (postgres) S 17"));
  CHECK_FALSE(tpcc::parse_proc_pid_stat("garbage"));
}

TEST_CASE("server metrics: the top waits are the most sampled, with their shares", "[metrics]") {
  const std::map<std::string, std::int64_t> samples = {
      {"CPU", 30}, {"IO:DataFileRead", 10}, {"Lock:transactionid", 50}, {"LWLock:WALWrite", 10}};
  const auto top = tpcc::top_waits(samples, 3);
  REQUIRE(top.size() == 3);
  CHECK(top[0].event == "Lock:transactionid");
  CHECK(top[0].share == Approx(0.5));
  CHECK(top[1].event == "CPU");
  CHECK(top[2].event == "IO:DataFileRead");  // ties by name
  CHECK(top[2].samples == 10);
  CHECK(tpcc::format_top_waits(top) ==
        "Lock:transactionid 50 (50%); CPU 30 (30%); IO:DataFileRead 10 (10%)");
  CHECK(tpcc::top_waits({}, 3).empty());
}

TEST_CASE("server metrics: intervals.csv appends its columns only when sampled", "[metrics]") {
  std::vector<tpcc::IntervalSample> intervals(2);
  for (tpcc::IntervalSample& sample : intervals) sample.stats = tpcc::RunStats(tpcc::kTxnTypes);
  intervals[0].end_seconds = 2;
  intervals[0].length_seconds = 2;
  tpcc::ServerMetricsInterval m;
  m.deltas[tpcc::kWalBytes] = 65536;
  m.deltas[tpcc::kCommits] = 42;
  m.deltas[tpcc::kBlksHit] = 99;
  m.deltas[tpcc::kBlksRead] = 1;
  m.blks_hit_ratio = tpcc::hit_ratio(m.deltas);
  m.autovacuum_workers = 1;
  m.autovacuum_tables = "public.stock public.\"odd,name\"";
  m.top_waits = {{"Client:ClientRead", 3, 0.75}, {"CPU", 1, 0.25}};
  m.client_cpu_seconds = 0.5;
  intervals[0].server = m;
  intervals[1].end_seconds = 4;
  intervals[1].length_seconds = 2;  // a sample that got no reading

  const std::string plain = tpcc::intervals_csv(intervals);
  CHECK(plain.find("wal_bytes") == std::string::npos);

  std::istringstream in(tpcc::intervals_csv(intervals, {}, true));
  std::string header, row1, row2;
  std::getline(in, header);
  std::getline(in, row1);
  std::getline(in, row2);
  // The existing columns keep their place; the new ones follow.
  CHECK(header.rfind(tpcc::intervals_csv_header(0, false).substr(0, header.find(",wal_bytes")),
                     0) == 0);
  CHECK(header.substr(header.find(",wal_bytes")) ==
        ",wal_bytes,fpi,commits,rollbacks,blks_hit_ratio,tup_ins,tup_upd,tup_del,deadlocks,"
        "temp_bytes,ckpt_timed,ckpt_req,buf_ckpt,buf_backend,db_bytes,autovacuum_workers,"
        "autovacuum_tables,lock_waits,top_waits,client_cpu_s,host_user_pct,host_sys_pct,"
        "host_iowait_pct,host_idle_pct,server_cpu_s,active_terminals");
  CHECK(count_fields(row1) == count_fields(header));
  CHECK(count_fields(row2) == count_fields(header));
  CHECK(row1.find(",65536,,42,,0.9900,") != std::string::npos);
  CHECK(row1.find(",1,\"public.stock public.\"\"odd,name\"\"\",,Client:ClientRead 3 (75%); CPU 1 "
                  "(25%),0.500,") != std::string::npos);
}
