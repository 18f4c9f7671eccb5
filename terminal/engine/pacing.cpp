#include "terminal/engine/pacing.hpp"

#include <algorithm>
#include <cmath>

namespace tpcc {

double keying_seconds(const TypeDelays& type, double multiplier) {
  return type.keying_seconds * multiplier;
}

double mean_think_seconds(const TypeDelays& type, double multiplier) {
  return type.mean_think_seconds * multiplier;
}

double think_seconds_from_uniform(double u, double mean) {
  // 5.2.5.4: the distribution is truncated at 10 times its mean.
  return std::min(-std::log(u) * mean, 10 * mean);
}

double draw_think_seconds(const TypeDelays& type, double multiplier, Random& rng) {
  // unit() is in [0, 1); 1 - unit() is in (0, 1], so ln never sees 0.
  const double u = 1.0 - rng.unit();
  return think_seconds_from_uniform(u, mean_think_seconds(type, multiplier));
}

double rate_spacing_seconds(int schedules, double rate_tpm) {
  if (rate_tpm <= 0) return 0;
  return schedules * 60.0 / rate_tpm;
}

PacingPolicy pacing_policy(const Config& config) {
  PacingPolicy policy;
  policy.keying_and_thinking = config.keying_and_thinking;
  policy.multiplier = config.think_multiplier;
  policy.keying_multiplier = config.keying_multiplier;
  policy.rate_limited = config.rate_tpm > 0;
  return policy;
}

bool unpaced(const PacingPolicy& policy) {
  return !policy.keying_and_thinking && !policy.rate_limited;
}

double due_seconds(const PacingPolicy& policy, double ready, double arrival) {
  if (!policy.rate_limited) return ready;
  return policy.keying_and_thinking ? std::max(ready, arrival) : arrival;
}

}  // namespace tpcc
