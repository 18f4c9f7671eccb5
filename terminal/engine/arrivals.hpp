// When --rate's transactions arrive. A group's terminals take their
// transactions from one or more schedules of arrivals, as the emulated tool
// does:
//
//   - pgbench 15's -R: each thread (-j) draws its own Poisson schedule at
//     rate / threads (exponential intervals, getPoissonRand); a client that
//     is free takes its thread's next arrival;
//   - sysbench 1.0's --rate: one event generator queues events at
//     exponential intervals at the whole rate, taken by whichever thread is
//     free: one schedule shared by every terminal;
//   - TPC-C and the ingest: each terminal a schedule of its own, Poisson or
//     fixed (--arrivals).
//
// A terminal that is free takes its schedule's next arrival and is due
// then, even when that moment has passed: the wait shows in its response
// time (which counts from the arrival) and its schedule lag, as pgbench's
// latency counts from the scheduled time. Taking the next arrival when a
// terminal is free is the same as queueing arrivals for whichever is free
// first: a terminal holding an arrival in the future is idle.
#pragma once

#include "config/config.hpp"
#include "spec/random.hpp"

namespace tpcc {

// How a workload's terminals share out their arrivals (Workload::arrivals).
struct ArrivalPlan {
  Arrivals process = Arrivals::Poisson;
  // How many schedules the group's terminals are dealt out to, in
  // contiguous slices as pgbench deals its clients to its threads; 0: one
  // per terminal.
  int schedules = 0;
};

// The schedules a plan gives a group of `terminals`: from 1 to terminals.
int schedule_count(const ArrivalPlan& plan, int terminals);

// Which of `schedules` terminal `index` of `terminals` takes its arrivals
// from: contiguous slices, as even as can be (pgbench's threads).
int schedule_of(int index, int terminals, int schedules);

// One interval between arrivals averaging mean_seconds: -ln(u) x mean for
// u in (0, 1] (Poisson; pgbench's getPoissonRand, not truncated), or the
// mean itself (fixed).
double inter_arrival_seconds(Arrivals process, double mean_seconds, Random& rng);

// One schedule of arrivals, in seconds from the run's start.
class ArrivalSchedule {
 public:
  // mean_seconds: between its arrivals. It starts at `origin` (a terminal's
  // place in --ramp); schedule `index` of `count` that share out a rate,
  // when fixed, starts index / count of a spacing later, so that fixed
  // schedules interleave evenly; a Poisson one's first arrival is one
  // interval after its origin.
  ArrivalSchedule(Arrivals process, double mean_seconds, double origin, int index, int count,
                  Random rng);

  // The next arrival; each one is taken once.
  double next();

  // With keying and think times, a terminal's own schedule goes on from
  // the due time they delayed its transaction to.
  void not_before(double seconds);

  double mean_seconds() const { return mean_; }

 private:
  Arrivals process_;
  double mean_;
  double last_;
  Random rng_;
};

}  // namespace tpcc
