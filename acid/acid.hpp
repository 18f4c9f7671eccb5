// The ACID tests of TPC-C Clause 3 (`tpcc acid`): each test drives the kit's
// own transactions (terminal/*.cpp) against a loaded database, in the order
// its clause prescribes, and says what it saw. The database should be quiet
// while they run: the tests compare values before and after.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "config/config.hpp"

namespace tpcc {

struct AcidOptions {
  std::string conninfo;
  Isolation isolation = Isolation::ReadCommitted;
  Mode mode = Mode::Statements;
  std::uint64_t seed = 20260101;  // picks warehouses, districts, customers, items
};

struct AcidResult {
  std::string clause;  // "3.2.2.1"
  std::string name;    // "atomicity: Payment committed"
  bool passed = false;
  std::string observed;  // what was seen, in a sentence
};

// Runs every test in clause order: 3.3.2 consistency before, atomicity
// (3.2.2), isolation (3.4.2; 3.4.2.7 to 3.4.2.9 twice each: the kit's
// one-statement read, then the clause's read again at options.isolation,
// which fails at read committed), 3.3.2 consistency after. When progress is not
// null each result line goes there as soon as its test ends. Throws on a
// lost connection or an unexpected server error.
std::vector<AcidResult> run_acid_tests(const AcidOptions& options, std::ostream* progress);

// 3.5.3 durability (tpcc acid --durability): acid/durability.hpp.

bool all_passed(const std::vector<AcidResult>& results);

// "3.2.2.1    PASS  atomicity: Payment committed: W_YTD +12.34, ..."
std::string format_acid_line(const AcidResult& result);

// "7 of 8 ACID tests pass"
std::string format_acid_summary(const std::vector<AcidResult>& results);

// acid.json: the options (no connection string) and one object per test.
std::string acid_json(const AcidOptions& options, const std::vector<AcidResult>& results);

}  // namespace tpcc
