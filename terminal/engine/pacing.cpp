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

double rate_spacing_seconds(int terminals, double rate_tpm) {
  if (rate_tpm <= 0) return 0;
  return terminals * 60.0 / rate_tpm;
}

PacingPolicy pacing_policy(const Config& config, int terminals) {
  PacingPolicy policy;
  policy.keying_and_thinking = config.keying_and_thinking;
  policy.multiplier = config.think_multiplier;
  policy.keying_multiplier = config.keying_multiplier;
  policy.rate_spacing = rate_spacing_seconds(terminals, config.rate_tpm);
  return policy;
}

bool unpaced(const PacingPolicy& policy) {
  return !policy.keying_and_thinking && policy.rate_spacing <= 0;
}

double first_due(const PacingPolicy& policy, int terminal_index, int terminals, double ready) {
  const double paced = policy.keying_and_thinking ? ready : 0.0;
  if (policy.rate_spacing <= 0) return paced;
  // Staggered so that the terminals' schedules interleave evenly.
  const double slot = policy.rate_spacing * terminal_index / std::max(terminals, 1);
  return std::max(paced, slot);
}

double next_due(const PacingPolicy& policy, double previous_due, double completed, double think,
                double keying) {
  if (!policy.keying_and_thinking) {
    if (policy.rate_spacing <= 0) return completed;
    return previous_due + policy.rate_spacing;
  }
  const double ready = completed + think + keying;
  if (policy.rate_spacing <= 0) return ready;
  return std::max(ready, previous_due + policy.rate_spacing);
}

}  // namespace tpcc
