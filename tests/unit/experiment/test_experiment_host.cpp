// The client host's part of result.json's environment, read from /proc and
// /sys: a directory laid out like them stands in for the real ones.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "experiment/copy_strategy.hpp"
#include "experiment/environment.hpp"
#include "tests/unit/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;

void write(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

}  // namespace

TEST_CASE("environment: CPU model, count and MHz, memory, huge pages and governor of the host",
          "[experiments]") {
  tpcc::test::TempDir dir;
  const fs::path root = dir.path();
  write(root / "proc/cpuinfo",
        "processor\t: 0\nmodel name\t: Test CPU @ 2.00GHz\ncpu MHz\t\t: 1999.5\n\n"
        "processor\t: 1\nmodel name\t: Test CPU @ 2.00GHz\ncpu MHz\t\t: 2400.0\n");
  write(root / "proc/meminfo", "MemTotal:       16318480 kB\nMemFree:  1 kB\n");
  write(root / "sys/kernel/mm/transparent_hugepage/enabled", "always [madvise] never\n");
  tpcc::Environment env;
  tpcc::read_host(env, root.string());
  CHECK(env.cpus == 2);
  CHECK(env.cpu_model == "Test CPU @ 2.00GHz");
  CHECK(env.cpu_mhz == 1999.5);
  CHECK(env.memory_kb == 16318480);
  CHECK(env.transparent_hugepages == "madvise");
  CHECK(env.cpu_governor.empty());  // no cpufreq: said as absent, not guessed

  write(root / "sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "performance\n");
  tpcc::Environment again;
  tpcc::read_host(again, root.string());
  CHECK(again.cpu_governor == "performance");
}

TEST_CASE("snapshot copies: WAL_LOG below the size limit, FILE_COPY from it, none before 15",
          "[experiments]") {
  CHECK(tpcc::copy_strategy(150004, tpcc::kFileCopyFromBytes - 1) == "WAL_LOG");
  CHECK(tpcc::copy_strategy(150004, tpcc::kFileCopyFromBytes) == "FILE_COPY");
  CHECK(tpcc::copy_strategy(140010, tpcc::kFileCopyFromBytes).empty());
}
