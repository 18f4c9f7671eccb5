// 5.2.5 keying and think times, and the --rate limit (BenchmarkSQL
// limitTxnsPerMin). Times are seconds; the engine turns them into clock
// time points.
//
// A terminal's cycle (5.2.5.1): menu, keying time for the chosen transaction,
// the transaction (response time), think time for that transaction, menu...
// The transaction is due when the keying time ends; response time is
// measured from then.
//
// --rate TPM: the terminals take their transactions from schedules of
// arrivals (arrivals.hpp), TPM per minute over all of them. The schedule is
// an intended one: without keying and think times the next transaction is
// due at the terminal's next arrival, even if that moment has passed
// because the previous one ran long; the wait then shows in its response
// time instead of being hidden (coordinated omission). With keying and
// think times it is due at the later of the end of its keying time and its
// next arrival.
#pragma once

#include "config/config.hpp"
#include "spec/random.hpp"

namespace tpcc {

// What a terminal waits around one transaction of a type: its keying time
// before it (5.2.5.2, fixed) and the mean of its think time after it
// (5.2.5.4). The workload gives them per type (WorkloadType::delays): TPC-C
// from the table of spec/transactions.hpp, the others none.
struct TypeDelays {
  double keying_seconds = 0;
  double mean_think_seconds = 0;
};

// 5.2.5.2: the type's fixed keying time, scaled by multiplier.
double keying_seconds(const TypeDelays& type, double multiplier);

// 5.2.5.4: the type's mean think time, scaled by multiplier.
double mean_think_seconds(const TypeDelays& type, double multiplier);

// 5.2.5.4: -ln(u) × mean for u in (0, 1], truncated at 10 × mean.
double think_seconds_from_uniform(double u, double mean);

// A think time drawn for the type with rng.
double draw_think_seconds(const TypeDelays& type, double multiplier, Random& rng);

struct PacingPolicy {
  bool keying_and_thinking = false;
  double multiplier = 1.0;         // think times
  double keying_multiplier = 1.0;  // keying times (BenchmarkSQL 6 keyingTimeMultiplier)
  bool rate_limited = false;       // --rate: due at the arrivals of a schedule
};

// The mean spacing of each of `schedules` schedules that share out rate_tpm
// transactions per minute: schedules x 60 / rate_tpm; 0 when rate_tpm is 0.
double rate_spacing_seconds(int schedules, double rate_tpm);

PacingPolicy pacing_policy(const Config& config);

// True when transactions follow each other without any wait: no keying or
// think time and no rate limit.
bool unpaced(const PacingPolicy& policy);

// When a terminal's transaction is due, in seconds from the same origin:
// `ready` when the terminal is ready to send it (with keying and think
// times: when it has thought and keyed it in; else when its previous one
// ended, or its start), `arrival` the next arrival of its schedule
// (ignored without a rate limit).
double due_seconds(const PacingPolicy& policy, double ready, double arrival);

}  // namespace tpcc
