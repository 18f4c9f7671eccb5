// 5.2.5 keying and think times, and the --rate limit (BenchmarkSQL
// limitTxnsPerMin). Times are seconds; the engine turns them into clock
// time points.
//
// A terminal's cycle (5.2.5.1): menu, keying time for the chosen transaction,
// the transaction (response time), think time for that transaction, menu...
// The transaction is due when the keying time ends; response time is
// measured from then.
//
// --rate TPM uses a per-terminal schedule: each terminal's transactions are
// due at least T × 60 / TPM seconds apart (T terminals), the first ones
// staggered evenly over one spacing, so all terminals together are due at
// TPM per minute. The schedule is an intended one: without keying and think
// times the next transaction is due one spacing after the previous one was
// due, even if that moment has passed because the previous one ran long; the
// wait then shows in its response time instead of being hidden (coordinated
// omission). With keying and think times the next transaction is due at the
// later of the end of its keying time and one spacing after the previous due
// time.
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
  double rate_spacing = 0;         // seconds between one terminal's due times; 0: no rate limit
};

// Spacing of one terminal's due times for a total of rate_tpm transactions
// per minute over `terminals`: terminals × 60 / rate_tpm; 0 when rate_tpm is 0.
double rate_spacing_seconds(int terminals, double rate_tpm);

PacingPolicy pacing_policy(const Config& config, int terminals);

// True when transactions follow each other without any wait: no keying or
// think time and no rate limit.
bool unpaced(const PacingPolicy& policy);

// Seconds after the start when terminal i's first transaction is due.
// `ready`: with keying and think times, when the terminal has thought and
// keyed the transaction in (ignored without them). The engine starts each
// terminal with a think time drawn like any other: think times are
// exponential, hence memoryless, so this is what the rest of a think time
// looks like from any moment, and the terminals do not all fall due at once.
double first_due(const PacingPolicy& policy, int terminal_index, int terminals, double ready);

// When the next transaction is due, all in seconds from the same origin:
// previous_due of the last transaction, completed when it finished, think
// after it and keying for the next (both scaled; ignored without keying and
// think times).
double next_due(const PacingPolicy& policy, double previous_due, double completed, double think,
                double keying);

}  // namespace tpcc
