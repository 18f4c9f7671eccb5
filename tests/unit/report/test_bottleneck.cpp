// What bound a run, from the measured interval's server metrics: each class
// on figures made to show it, and "cannot tell" when none stands out.
#include <catch2/catch.hpp>

#include <string>

#include "report/views/bottleneck.hpp"

namespace {

// 60 s measured, 10 client threads on a 4-CPU host, the server idle-ish,
// the backends' samples split evenly so that nothing dominates.
tpcc::BottleneckFigures calm() {
  tpcc::BottleneckFigures f;
  f.measured_seconds = 60;
  f.client_threads = 10;
  f.host_cpus = 4;
  f.client_cpu_seconds = 30;  // 0.5 CPU
  f.server_cpu_seconds = 60;  // 1 CPU
  f.host_busy_pct = 40;
  f.waits = {{"CPU", 300},
             {"Lock:transactionid", 200},
             {"IO:DataFileRead", 200},
             {"Client:ClientRead", 300}};
  f.wait_samples = 1000;
  return f;
}

bool contains(const std::string& text, const std::string& what) {
  return text.find(what) != std::string::npos;
}

}  // namespace

TEST_CASE("bound by: cannot tell when nothing stands out, with the figures", "[bottleneck]") {
  const tpcc::Bottleneck b = tpcc::judge_bottleneck(calm());
  CHECK(b.bound_by == "unknown");
  CHECK(contains(
      b.line, "bound by: cannot tell (client CPU 0.50 of 4; server CPU 1.00 of 4; host 40 % busy"));
  CHECK(contains(b.line, "Lock 20 %, IO 20 %, ClientRead 30 %, CPU 30 % of 1000 samples"));
  tpcc::BottleneckFigures none;
  none.measured_seconds = 60;
  CHECK(tpcc::judge_bottleneck(none).line == "bound by: cannot tell (no server metrics sampled)");
}

TEST_CASE("bound by: the client's CPU near what its threads can use", "[bottleneck]") {
  tpcc::BottleneckFigures f = calm();
  f.client_cpu_seconds = 228;  // 3.8 of the 4 CPUs its 10 threads can use
  const tpcc::Bottleneck b = tpcc::judge_bottleneck(f);
  CHECK(b.bound_by == "client_cpu");
  CHECK(b.line == "bound by: client CPU (3.80 of 4 CPUs its threads can use, 95 %)");
  // Two threads on four CPUs can use two.
  f.client_threads = 2;
  f.client_cpu_seconds = 114;
  CHECK(tpcc::judge_bottleneck(f).bound_by == "client_cpu");
}

TEST_CASE("bound by: the server's CPU", "[bottleneck]") {
  tpcc::BottleneckFigures f = calm();
  f.server_cpu_seconds = 228;  // 3.8 of 4
  CHECK(tpcc::judge_bottleneck(f).bound_by == "server_cpu");
  // A host kept busy by others, the server's processes at 1 of 4 CPUs: not the server.
  f = calm();
  f.host_busy_pct = 97;
  CHECK(tpcc::judge_bottleneck(f).bound_by == "unknown");
  CHECK(contains(tpcc::judge_bottleneck(f).line, "host 97 % busy"));
  f.server_cpu_seconds = 150;  // 2.5 of 4
  const tpcc::Bottleneck b = tpcc::judge_bottleneck(f);
  CHECK(b.bound_by == "server_cpu");
  CHECK(contains(b.line, "the host 97 % busy"));
  // A remote server: no server CPU figures, no verdict on them.
  f.server_cpu_seconds.reset();
  CHECK(tpcc::judge_bottleneck(f).bound_by == "unknown");
}

TEST_CASE("bound by: locks, I/O or the network from the dominating waits", "[bottleneck]") {
  tpcc::BottleneckFigures f = calm();
  f.waits = {{"Lock:transactionid", 500}, {"Lock:tuple", 200}, {"CPU", 300}};
  CHECK(tpcc::judge_bottleneck(f).bound_by == "locks");
  CHECK(contains(tpcc::judge_bottleneck(f).line, "locks (Lock waits 70 % of 1000"));
  f.waits = {{"IO:DataFileRead", 400}, {"IO:WALSync", 200}, {"CPU", 400}};
  CHECK(tpcc::judge_bottleneck(f).bound_by == "io");
  f.waits = {{"Client:ClientRead", 800}, {"CPU", 200}};
  CHECK(tpcc::judge_bottleneck(f).bound_by == "network");
  // The client at its limit explains the ClientRead waits: the client, not the network.
  f.client_cpu_seconds = 230;
  CHECK(tpcc::judge_bottleneck(f).bound_by == "client_cpu");
}
