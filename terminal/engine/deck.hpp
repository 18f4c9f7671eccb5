// 5.2.4.2 the per-terminal deck: the mix weights become integer card counts,
// the cards are shuffled and drawn without replacement, and the deck is
// reshuffled when empty, so that every full deck realises the mix exactly.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "spec/random.hpp"

namespace tpcc {

using MixWeights = std::array<double, kTxnTypes>;
using CardCounts = std::array<int, kTxnTypes>;

// Cards per transaction for the weights: the smallest deck of at most 100
// cards that deals them exactly (45,43,4,4,4 -> 100 cards; 50,50,0,0,0 ->
// 1,1,0,0,0; 5.2.4.2's 10,10,1,1,1 of 23 as percents, 43.478..,
// 43.478.., 4.347.., ..., -> 23 cards), else the weights scaled to
// integers (weights with up to two decimals are exact, finer ones are
// rounded to hundredths) and reduced by their gcd: 43.48,43.48,4.35,4.35,
// 4.34 -> 10000 cards.
// A positive weight always gets at least one card, a zero weight none.
// Throws std::invalid_argument if no weight is positive or any is negative.
CardCounts deck_card_counts(const MixWeights& weights);

class Deck {
 public:
  explicit Deck(const MixWeights& weights);

  // The next card; shuffles (Fisher-Yates with rng) when the deck is empty.
  TxnIndex draw(Random& rng);

  // Cards in a full deck, and per transaction.
  std::size_t size() const { return cards_.size(); }
  const CardCounts& counts() const { return counts_; }
  // Cards left before the next reshuffle.
  std::size_t remaining() const { return cards_.size() - next_; }

 private:
  void shuffle(Random& rng);

  CardCounts counts_;
  std::vector<std::uint8_t> cards_;
  std::size_t next_;
};

// 5.2.4.2: one terminal's current deck, as its cards' transactions end
// (WorkerStats::record_deck_card): the ones completed per type, and whether
// every card so far, or any, was in the measured interval.
struct DeckTally {
  CardCounts completed{};
  bool all_measured = true;
  bool any_measured = false;
};

}  // namespace tpcc
