// The start barrier of several drivers (tpcc run --driver I/N), held in the
// database the drivers share, so that no service of its own is needed: each
// driver registers under the run id, the last to arrive fixes a common start
// kBarrierLeadSeconds ahead on the server's clock, and every driver waits
// for it (docs/several-drivers.md).
#pragma once

#include <functional>
#include <ostream>
#include <string>

#include "config/config.hpp"
#include "terminal/engine/clock.hpp"

namespace tpcc {

// How far ahead of the last arrival the common start lies: time for every
// waiting driver's next poll (kBarrierPollSeconds) to see it, with room for
// a slow round trip.
inline constexpr double kBarrierLeadSeconds = 2.0;
// How often a waiting driver asks whether the start is fixed.
inline constexpr double kBarrierPollSeconds = 0.1;

struct BarrierStart {
  Clock::time_point at;  // the common start on this process's steady clock
  std::string utc;       // the same on the server's clock, "...T...Z" (ms)
  // What every driver of the run uses alike: the first to arrive's offer.
  std::string run_constants;
};

// Registers config's driver and waits until all config.driver_count have
// arrived. offered_constants: what this driver would have every driver of
// the run use (a workload's own text); the first of the round to register
// stores it, the others are handed it (BarrierStart::run_constants). Throws UsageError (exit 2)
// when another driver of the run id waits with the same number or a different driver count;
// ConnectError (exit 3) naming the missing drivers when they have not all arrived within
// --barrier-timeout; Interrupted when interrupted() turns true (polled
// while waiting). A driver that gives up withdraws its registration.
BarrierStart meet_at_start_barrier(const Config& config, const std::string& offered_constants,
                                   const std::function<bool()>& interrupted, std::ostream& log);

}  // namespace tpcc
