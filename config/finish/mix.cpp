// The transaction mix and pacing from every layer: BenchmarkSQL's weights,
// --profile ro, and keying times tied to think times (BenchmarkSQL 6's
// multipliers switch pacing on).
#include "config/finish/finish.hpp"

#include <algorithm>
#include <array>

#include "config/errors.hpp"
#include "config/names.hpp"
#include "config/settings/values.hpp"

namespace tpcc {
namespace {

constexpr std::array<double, kTxnTypes> kReadOnlyMix = {0, 0, 50, 0, 50};

// BenchmarkSQL weights: with newOrderWeight given, the five must sum to 100;
// without it (BenchmarkSQL 6), New-Order takes what the others leave.
void finish_props_weights(ParseState& st) {
  const bool any = std::any_of(st.props_weights.begin(), st.props_weights.end(),
                               [](const auto& w) { return w.has_value(); });
  const std::optional<Source> mix_given = st.given.source("mix");
  if (!any || (mix_given && mix_given->layer == Layer::Flag)) return;
  auto mix = st.cfg.mix;
  for (std::size_t i = 0; i < mix.size(); ++i) {
    if (st.props_weights[i]) mix[i] = *st.props_weights[i];
  }
  double sum = 0;
  for (const double w : mix) sum += w;
  const std::string keys =
      "newOrderWeight, paymentWeight, orderStatusWeight, deliveryWeight, stockLevelWeight";
  if (!st.props_weights[kNewOrder]) {
    mix[kNewOrder] = 100.0 - (sum - mix[kNewOrder]);
    if (mix[kNewOrder] < -1e-9) {
      throw UsageError(st.weights_where + ": the mix weights (" + keys + ") leave " +
                       format_number(mix[kNewOrder]) +
                       " for New-Order; the others must sum to 100 or less");
    }
    mix[kNewOrder] = std::max(0.0, mix[kNewOrder]);
  } else if (!mix_sums_to_100(mix)) {
    throw UsageError(st.weights_where + ": the mix weights (" + keys + ") are " + format_mix(mix) +
                     " and sum to " + format_number(sum) + ", not 100");
  }
  st.cfg.mix = mix;
  st.given.record("mix", Source{Layer::Props, "newOrderWeight", st.weights_where});
}

void finish_profile(ParseState& st) {
  if (st.cfg.profile != Profile::ReadOnly) return;
  // A mix counts only from the profile's layer or above: --profile ro beats
  // the weights of a BenchmarkSQL props file.
  const std::optional<Source> mix_given = st.given.source("mix");
  const std::optional<Source> profile_given = st.given.source("profile");
  const bool mix_applies =
      mix_given && (mix_given->layer == Layer::Flag || profile_given->layer == Layer::Props);
  if (!mix_applies) {
    st.cfg.mix = kReadOnlyMix;
    return;
  }
  const auto& m = st.cfg.mix;
  if (m[kNewOrder] > 0 || m[kPayment] > 0 || m[kDelivery] > 0) {
    throw UsageError(profile_given->where + ": profile ro runs only Order-Status and " +
                     "Stock-Level, but the mix from " + mix_given->where + " is " + format_mix(m) +
                     " (give New-Order, Payment and Delivery weight 0)");
  }
}

// Keying times follow --think-multiplier unless given apart; the BenchmarkSQL
// 6 multipliers switch pacing on (BenchmarkSQL 6 always paces) unless both
// are 0 or keying-think says otherwise.
void finish_pacing(ParseState& st) {
  Config& c = st.cfg;
  const std::optional<Source> think_given = st.given.source("think-multiplier");
  const bool think_from_bmsql6 = think_given && think_given->key == "thinkTimeMultiplier";
  if (!st.given.source("keying-multiplier") && !think_from_bmsql6)
    c.keying_multiplier = c.think_multiplier;
  if (bmsql6_pacing_given(st) && !st.given.source("keying-think")) {
    c.keying_and_thinking = c.keying_multiplier > 0 || c.think_multiplier > 0;
  }
}

}  // namespace

bool bmsql6_pacing_given(const ParseState& st) {
  return st.given.key_given("keyingTimeMultiplier") || st.given.key_given("thinkTimeMultiplier");
}

void finish_mix(ParseState& st) {
  st.collect([&] { finish_props_weights(st); });
  st.collect([&] { finish_profile(st); });
  finish_pacing(st);
}

}  // namespace tpcc
