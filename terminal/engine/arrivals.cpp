#include "terminal/engine/arrivals.hpp"

#include <algorithm>
#include <cmath>

namespace tpcc {

int schedule_count(const ArrivalPlan& plan, int terminals) {
  const int all = std::max(terminals, 1);
  if (plan.schedules <= 0) return all;
  return std::min(plan.schedules, all);
}

int schedule_of(int index, int terminals, int schedules) {
  // pgbench deals (clients - dealt) / (threads - i) clients to thread i.
  int dealt = 0;
  for (int s = 0; s < schedules; ++s) {
    dealt += (terminals - dealt) / (schedules - s);
    if (index < dealt) return s;
  }
  return std::max(schedules - 1, 0);
}

double inter_arrival_seconds(Arrivals process, double mean_seconds, Random& rng) {
  if (process == Arrivals::Fixed) return mean_seconds;
  // unit() is in [0, 1); 1 - unit() is in (0, 1], so ln never sees 0.
  return -std::log(1.0 - rng.unit()) * mean_seconds;
}

ArrivalSchedule::ArrivalSchedule(Arrivals process, double mean_seconds, double origin, int index,
                                 int count, Random rng)
    : process_(process), mean_(mean_seconds), last_(origin), rng_(rng) {
  // A fixed schedule's first arrival is at its stagger: one spacing is
  // added by the first next().
  if (process_ == Arrivals::Fixed) {
    last_ += mean_ * index / std::max(count, 1) - mean_;
  }
}

double ArrivalSchedule::next() {
  last_ += inter_arrival_seconds(process_, mean_, rng_);
  return last_;
}

void ArrivalSchedule::not_before(double seconds) { last_ = std::max(last_, seconds); }

}  // namespace tpcc
