// What the CH-benCHmark database tests share: a load with CH's tables
// (tpcc prepare --ch, seed 11) on the shared test server or on a primary
// with a pg_basebackup hot standby that has replayed it, and the arguments
// of a mixed run (tpcc run --ch-streams) built from what a test varies.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tests/pg/standby_fixture.hpp"

namespace tpcc::test {

// The seed of every CH load of the tests (docs/ch.md's examples use it).
inline constexpr const char* kChSeed = "11";

// tpcc prepare --warehouses W --ch --seed 11 --no-check into conninfo;
// throws std::runtime_error with tpcc's output when it fails.
void prepare_ch(const std::string& conninfo, int warehouses);

// A database of the shared test server loaded by prepare_ch, once per
// process (the file's cases share it). Returns its conninfo.
const std::string& ch_database(const std::string& name, int warehouses);

// A primary and its hot standby (StandbyPair) with `database` loaded by
// prepare_ch on the primary, replayed by the standby before it is used.
class ChStandbyPair {
 public:
  ChStandbyPair(const std::string& standby_name, const std::string& database, int warehouses);
  StandbyPair& pair() { return pair_; }
  std::string primary() const { return pair_.primary_database(); }
  std::string standby() const { return pair_.standby_database(); }

 private:
  StandbyPair pair_;
};

// Server settings of a standby (its own conninfo), made with ALTER SYSTEM
// and a reload, once a new session sees them all (the reload is signalled,
// not waited for); throws std::runtime_error after 30 s.
void set_on_standby(const std::string& standby,
                    const std::vector<std::pair<std::string, std::string>>& settings);

// tpcc run's arguments for a mixed run: TPC-C's terminals on `primary`, the
// streams on the primary, or with `standby` given on it (--ch-on standby),
// beside its read-only terminals.
struct ChRun {
  ChRun(std::string primary_conninfo, std::filesystem::path dir)
      : primary(std::move(primary_conninfo)), result_dir(std::move(dir)) {}

  std::string primary;
  std::filesystem::path result_dir;
  int terminals = 2;
  int streams = 1;
  std::optional<int> warmup;  // --warmup, the kit's default when not given
  int duration = 8;
  int report_interval = 2;
  int baseline = 0;                         // --ch-baseline when above 0
  std::string standby;                      // --standby-conn and --ch-on standby when given
  std::optional<int> standby_terminals{1};  // --standby-terminals (default: --terminals)

  std::vector<std::string> args() const;
};

}  // namespace tpcc::test
