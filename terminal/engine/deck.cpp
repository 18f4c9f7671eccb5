#include "terminal/engine/deck.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <utility>

#include "terminal/engine/transaction.hpp"

namespace tpcc {
namespace {

// The largest deck tried for weights that are not whole numbers of
// hundredths: 5.2.4.2's own example deck has 23 cards.
constexpr int kMaxExactDeck = 100;

// The smallest deck of at most kMaxExactDeck cards in which every weight's
// share is a whole number of cards (43.478..% of 23 is 10); empty counts
// when there is none.
CardCounts exact_deck(const MixWeights& weights) {
  double sum = 0;
  for (const double w : weights) sum += w;
  for (int n = 1; n <= kMaxExactDeck; ++n) {
    CardCounts counts{};
    bool exact = true;
    for (std::size_t i = 0; i < weights.size() && exact; ++i) {
      const double cards = weights[i] / sum * n;
      exact = std::fabs(cards - std::round(cards)) <= 1e-6 && (weights[i] == 0 || cards >= 0.5);
      counts[i] = static_cast<int>(std::lround(cards));
    }
    if (exact) return counts;
  }
  return {};
}

bool all_integral(const MixWeights& weights, double scale) {
  for (const double w : weights) {
    const double scaled = w * scale;
    if (std::fabs(scaled - std::round(scaled)) > 1e-6) return false;
  }
  return true;
}

}  // namespace

CardCounts deck_card_counts(const MixWeights& weights) {
  bool any_positive = false;
  for (const double w : weights) {
    if (!(w >= 0) || !std::isfinite(w)) {
      throw std::invalid_argument("mix weights must be finite and non-negative");
    }
    any_positive = any_positive || w > 0;
  }
  if (!any_positive) throw std::invalid_argument("at least one mix weight must be positive");

  // The smallest deck that deals the weights exactly (10,10,1,1,1 of 23
  // as percents: 23 cards).
  const CardCounts exact = exact_deck(weights);
  if (std::any_of(exact.begin(), exact.end(), [](int c) { return c > 0; })) return exact;
  // Otherwise the smallest of 1, 10, 100 that makes every weight a whole
  // number keeps the deck small.
  double scale = 100;
  for (const double s : {1.0, 10.0}) {
    if (all_integral(weights, s)) {
      scale = s;
      break;
    }
  }
  CardCounts counts{};
  int divisor = 0;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (weights[i] > 0) counts[i] = std::max(1, static_cast<int>(std::lround(weights[i] * scale)));
    divisor = std::gcd(divisor, counts[i]);
  }
  for (int& count : counts) count /= divisor;
  return counts;
}

Deck::Deck(const MixWeights& weights) : counts_(deck_card_counts(weights)) {
  for (std::size_t type = 0; type < counts_.size(); ++type) {
    cards_.insert(cards_.end(), static_cast<std::size_t>(counts_[type]),
                  static_cast<std::uint8_t>(type));
  }
  next_ = cards_.size();  // the first draw shuffles
}

TxnIndex Deck::draw(Random& rng) {
  if (next_ == cards_.size()) shuffle(rng);
  return static_cast<TxnIndex>(cards_[next_++]);
}

// Fisher-Yates: every permutation equally likely.
void Deck::shuffle(Random& rng) {
  for (std::size_t i = cards_.size() - 1; i > 0; --i) {
    const auto j = static_cast<std::size_t>(rng.uniform(0, static_cast<std::int64_t>(i)));
    std::swap(cards_[i], cards_[j]);
  }
  next_ = 0;
}
}  // namespace tpcc
