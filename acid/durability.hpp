// 3.5.3 Durability: terminals commit New-Orders, Payments and Deliveries
// and log the keys of each transaction whose COMMIT the server
// acknowledged; the server is crashed with transactions in flight and comes
// back through crash recovery; every logged transaction must be in the
// database, the orders added must be the logged ones (give or take those in
// flight), the 3.3.2 conditions must hold, the server must have been
// restarted, and its settings must keep an acknowledged commit through a
// power loss (acid/durability_settings.hpp). The crash is the caller's:
// every server process killed (3.5.3.2, instantaneous interruption: the
// kernel's page cache survives) or the user's --crash-command (3.5.3.3,
// loss of memory, when the command cuts the server's power). Only against a
// server the caller may crash: `tpcc acid --durability` (app/
// durability_command.cpp) or a test's own.
#pragma once

#include <array>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "acid/acid.hpp"
#include "acid/durability_settings.hpp"
#include "config/config.hpp"
#include "spec/transactions.hpp"

namespace tpcc {

// How the server is crashed, which decides the clause the result is under.
enum class Interruption {
  ProcessKill,   // 3.5.3.2: the postmaster and its children SIGKILLed
  CrashCommand,  // 3.5.3.3: the user's command, e.g. a power cut of the server's machine
};

struct DurabilityPlan {
  Interruption interruption = Interruption::ProcessKill;
  // The load at the crash is the run's (3.5.3: the durability test runs
  // under the benchmark's load): the configured terminals (--terminals,
  // props terminals) and mix (--mix, props weights), New-Orders rolled back
  // at --rollback-percent (2.4.1.4). Order-Status and Stock-Level run too
  // and log nothing: they change no row.
  int terminals = Config{}.terminals;
  std::array<double, kTxnTypes> mix = Config{}.mix;
  int rollback_percent = Config{}.rollback_percent;
  // Thousands of commits logged before the crash; recovery replays them.
  double seconds_before_crash = 5;
  // Test only (tests/pg/test_acid_durability.cpp): terminal 0's first
  // Payment has ROLLBACK sent in place of its COMMIT (statements mode) and
  // is logged as committed all the same, a commit "lost" for certain: the
  // test must fail and name it.
  bool log_a_rolled_back_payment = false;
};

struct DurabilityReport {
  AcidResult result;            // clause 3.5.3.2 or 3.5.3.3, the line printed and kept in acid.json
  DurabilitySettings settings;  // read before the terminals start
  std::vector<std::string> hazards;  // power_loss_hazards(settings): each fails the test
  bool restarted = false;            // pg_postmaster_start_time() changed across the crash
  // Transactions committed and logged before the crash, by kind.
  long long new_orders = 0;
  long long payments = 0;
  long long deliveries = 0;
  long long logged() const { return new_orders + payments + deliveries; }
  long long found = 0;                 // logged transactions found after recovery
  std::vector<std::string> missing;    // logged transactions not found, described
  std::vector<std::string> in_flight;  // kind of each transaction the crash cut off
  // 3.5.3: orders by sum(D_NEXT_O_ID - 1) before the terminals and after
  // recovery; the difference must be the logged New-Orders plus at most
  // those in flight.
  long long orders_before = 0;
  long long orders_after = 0;
  AcidResult consistency;  // 3.3.2 after recovery
};

// Runs the terminals, calls crash_and_restart() after plan.seconds_before_crash
// with them committing, reconnects and verifies. Throws when a terminal
// fails before the crash or the server does not come back.
DurabilityReport durability_test(const AcidOptions& options, const DurabilityPlan& plan,
                                 const std::function<void()>& crash_and_restart);

// The counts of a report for acid.json (its "durability" object).
std::string durability_json(const DurabilityReport& report);

}  // namespace tpcc
