// 5.2.4.2 the per-terminal deck.
#include <catch2/catch.hpp>

#include <array>
#include <stdexcept>
#include <string>

#include "spec/random.hpp"
#include "terminal/engine/deck.hpp"
#include "terminal/engine/stats.hpp"

namespace {

using tpcc::CardCounts;
using tpcc::Deck;
using tpcc::MixWeights;
using tpcc::Random;

const MixWeights kDefaultMix = {45, 43, 4, 4, 4};

CardCounts draw_counts(Deck& deck, Random& rng, std::size_t draws) {
  CardCounts counts{};
  for (std::size_t i = 0; i < draws; ++i) ++counts[static_cast<std::size_t>(deck.draw(rng))];
  return counts;
}

}  // namespace

TEST_CASE("5.2.4.2 card counts are the weights reduced by their gcd") {
  CHECK(tpcc::deck_card_counts(kDefaultMix) == CardCounts{45, 43, 4, 4, 4});
  CHECK(tpcc::deck_card_counts({10, 10, 1, 1, 1}) == CardCounts{10, 10, 1, 1, 1});
  CHECK(tpcc::deck_card_counts({40, 40, 4, 4, 12}) == CardCounts{10, 10, 1, 1, 3});
  CHECK(tpcc::deck_card_counts({0, 0, 50, 0, 50}) == CardCounts{0, 0, 1, 0, 1});
  CHECK(tpcc::deck_card_counts({100, 0, 0, 0, 0}) == CardCounts{1, 0, 0, 0, 0});
  // Decimals are kept exactly up to hundredths.
  CHECK(tpcc::deck_card_counts({44.5, 43.5, 4, 4, 4}) == CardCounts{89, 87, 8, 8, 8});
  CHECK(tpcc::deck_card_counts({43.48, 43.48, 4.35, 4.35, 4.34}) ==
        CardCounts{4348, 4348, 435, 435, 434});
}

TEST_CASE("5.2.4.2 a tiny positive weight still gets a card") {
  const CardCounts counts = tpcc::deck_card_counts({99.999, 0.001, 0, 0, 0});
  CHECK(counts[1] >= 1);
  CHECK(counts[2] == 0);
}

TEST_CASE("deck weights must be non-negative with one positive") {
  CHECK_THROWS_AS(tpcc::deck_card_counts({0, 0, 0, 0, 0}), std::invalid_argument);
  CHECK_THROWS_AS(tpcc::deck_card_counts({50, 60, -10, 0, 0}), std::invalid_argument);
}

TEST_CASE("5.2.4.2 every full deck realises the mix exactly") {
  Random rng(7);
  Deck deck(kDefaultMix);
  REQUIRE(deck.size() == 100);
  for (int round = 0; round < 50; ++round) {
    INFO("deck " << round);
    CHECK(draw_counts(deck, rng, deck.size()) == CardCounts{45, 43, 4, 4, 4});
  }
}

TEST_CASE("5.2.4.2 the 23-card deck: 10 NO, 10 P, 1 OS, 1 D, 1 SL per deck") {
  Random rng(11);
  Deck deck({10, 10, 1, 1, 1});
  REQUIRE(deck.size() == 23);
  for (int round = 0; round < 200; ++round) {
    CHECK(draw_counts(deck, rng, 23) == CardCounts{10, 10, 1, 1, 1});
  }
}

TEST_CASE("5.2.4.2 the deck is reshuffled when empty, in a new order") {
  Random rng(3);
  Deck deck(kDefaultMix);
  CHECK(deck.remaining() == 0);  // shuffled on the first draw
  std::vector<int> first;
  std::vector<int> second;
  for (std::size_t i = 0; i < deck.size(); ++i) first.push_back(deck.draw(rng));
  CHECK(deck.remaining() == 0);
  second.push_back(deck.draw(rng));
  CHECK(deck.remaining() == deck.size() - 1);
  for (std::size_t i = 1; i < deck.size(); ++i) second.push_back(deck.draw(rng));
  CHECK(first != second);
}

TEST_CASE("5.2.4.2 the shuffle puts a card at every position equally often") {
  // Fisher-Yates: the single Order-Status card of the 23-card deck lands at
  // each of the 23 positions with probability 1/23.
  Random rng(99);
  Deck deck({10, 10, 1, 1, 1});
  constexpr int kDecks = 23000;
  std::array<int, 23> at{};
  for (int d = 0; d < kDecks; ++d) {
    for (int pos = 0; pos < 23; ++pos) {
      if (deck.draw(rng) == tpcc::kOrderStatus) ++at[static_cast<std::size_t>(pos)];
    }
  }
  for (int pos = 0; pos < 23; ++pos) {
    INFO("position " << pos);
    // Expected 1000 each, standard deviation about 31.
    CHECK(at[static_cast<std::size_t>(pos)] > 850);
    CHECK(at[static_cast<std::size_t>(pos)] < 1150);
  }
}

TEST_CASE("5.2.4.2 zero-weight transactions are never drawn") {
  Random rng(5);
  Deck deck({0, 0, 50, 0, 50});
  const CardCounts counts = draw_counts(deck, rng, 10000);
  CHECK(counts[tpcc::kNewOrder] == 0);
  CHECK(counts[tpcc::kPayment] == 0);
  CHECK(counts[tpcc::kDelivery] == 0);
  CHECK(counts[tpcc::kOrderStatus] == 5000);
  CHECK(counts[tpcc::kStockLevel] == 5000);
}

TEST_CASE("5.2.4.2 terminals with different streams draw different sequences") {
  Random a = Random::stream(1, {0});
  Random b = Random::stream(1, {1});
  Deck deck_a(kDefaultMix);
  Deck deck_b(kDefaultMix);
  std::vector<int> seq_a;
  std::vector<int> seq_b;
  for (int i = 0; i < 100; ++i) {
    seq_a.push_back(deck_a.draw(a));
    seq_b.push_back(deck_b.draw(b));
  }
  CHECK(seq_a != seq_b);
}

TEST_CASE("5.2.4.2 the 23-card deck of the clause, given as percents, is dealt as 23 cards") {
  const MixWeights spec = {1000.0 / 23, 1000.0 / 23, 100.0 / 23, 100.0 / 23, 100.0 / 23};
  CHECK(tpcc::deck_card_counts(spec) == CardCounts{10, 10, 1, 1, 1});
}

TEST_CASE("5.2.3 whole decks dealt in the measured interval are counted apart from partial ones",
          "[deck]") {
  tpcc::WorkerStats stats;
  stats.set_types(tpcc::kTxnTypes);
  Deck deck({10, 10, 1, 1, 1});
  tpcc::DeckTally tally;
  Random rng(7);
  tpcc::TxnResult committed;
  committed.outcome = tpcc::Outcome::Committed;
  tpcc::TxnResult failed;
  failed.outcome = tpcc::Outcome::Error;
  // One card of warm-up, then 22 + 23 + 23 + 5 measured, then the end.
  const auto deal = [&](int cards, tpcc::Phase phase, const tpcc::TxnResult& result) {
    for (int i = 0; i < cards; ++i) {
      const tpcc::TxnIndex type = deck.draw(rng);
      stats.record(type, result, 1000, phase);
      stats.record_deck_card(tally, deck, type, result, phase);
    }
  };
  deal(1, tpcc::Phase::Warmup, committed);
  deal(22 + 23, tpcc::Phase::Measured, committed);
  deal(22, tpcc::Phase::Measured, committed);
  deal(1, tpcc::Phase::Measured, failed);  // the third deck's last card errs
  deal(5, tpcc::Phase::Measured, committed);
  deal(1, tpcc::Phase::After, committed);
  const tpcc::RunStats& measured = stats.measured();
  CHECK(measured.whole_decks == 2);
  CHECK(measured.decks_touched == 4);  // the first and the last are partial
  std::int64_t cards = 0;
  for (const std::int64_t n : measured.whole_deck_completed) cards += n;
  CHECK(cards == 45);  // 46 cards dealt in the two whole decks, one failed
  CHECK(measured.whole_deck_completed[tpcc::kDelivery] <= 2);
}
