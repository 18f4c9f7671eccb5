// The /proc readers behind the server-metrics sampler's postmaster-tree CPU:
// the kernel's list of a process's children must name the same processes as
// a scan of every process's parent, so that reading the short list (one file
// per sample instead of one per process on the host) misses no backend.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <vector>

#include "terminal/engine/proc_files.hpp"

namespace {

// Children that wait until they are killed; killed and reaped on scope exit.
struct SleepingChildren {
  std::vector<long long> pids;
  explicit SleepingChildren(int count) {
    for (int i = 0; i < count; ++i) {
      const pid_t pid = fork();
      if (pid == 0) {
        for (;;) pause();
      }
      REQUIRE(pid > 0);
      pids.push_back(pid);
    }
  }
  ~SleepingChildren() {
    for (const long long pid : pids) {
      kill(static_cast<pid_t>(pid), SIGKILL);
      waitpid(static_cast<pid_t>(pid), nullptr, 0);
    }
  }
};

std::vector<long long> sorted(std::vector<long long> pids) {
  std::sort(pids.begin(), pids.end());
  return pids;
}

}  // namespace

TEST_CASE("server metrics: the listed children of a process are its scanned children",
          "[metrics][proc]") {
  const SleepingChildren children(3);
  const std::vector<long long> scanned = sorted(tpcc::children_scanned(getpid()));
  for (const long long pid : children.pids)
    CHECK(std::count(scanned.begin(), scanned.end(), pid) == 1);
  CHECK(sorted(tpcc::children_of(getpid())) == scanned);
  if (const auto listed = tpcc::children_listed(getpid())) {
    CHECK(sorted(*listed) == scanned);
  } else {
    WARN("this kernel has no /proc/<pid>/task/<pid>/children: the scan is what the sampler uses");
  }
}

TEST_CASE("server metrics: a process without children has none listed or scanned",
          "[metrics][proc]") {
  const SleepingChildren one(1);
  CHECK(tpcc::children_scanned(one.pids.front()).empty());
  CHECK(tpcc::children_of(one.pids.front()).empty());
  CHECK(tpcc::process_command(getpid()) == "unit_tests");
}
