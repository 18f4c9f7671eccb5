// 2.1.6 non-uniform random numbers and their run-time constants.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "spec/random.hpp"

namespace tpcc {

// A values of 2.1.6.
inline constexpr int kNURandLastNameA = 255;     // C_LAST, range 0..999
inline constexpr int kNURandCustomerIdA = 1023;  // C_ID, range 1..3000
inline constexpr int kNURandItemIdA = 8191;      // OL_I_ID, range 1..100000

// The constant C for each A. The load draws one set (C-Load) and records it;
// a run draws another (C-Run) that obeys 2.1.6.1 against the recorded one.
struct NURandConstants {
  int c_last = 0;
  int c_id = 0;
  int ol_i_id = 0;
};

// NURand(A, x, y) = (((random(0, A) | random(x, y)) + C) % (y - x + 1)) + x
int nurand(Random& rng, int a, int x, int y, int c);

// C-Load: each constant uniform in [0, A].
NURandConstants draw_load_constants(Random& rng);

// 2.1.6.1: C-Run for C_LAST differs from C-Load by a delta in [65, 119]
// other than 96 and 112; C_ID and OL_I_ID are drawn independently.
NURandConstants draw_run_constants(Random& rng, const NURandConstants& load);

bool valid_c_last_delta(int c_load, int c_run);

// "C_LAST 208, C_ID 37, OL_I_ID 7911": the constants as the setup block,
// the start barrier and the merge's refusals write them.
std::string nurand_constants_text(const NURandConstants& c);
// The same text read back; nullopt unless it is one, each C within [0, A].
std::optional<NURandConstants> parse_nurand_constants(const std::string& text);

// Convenience draws with the ranges of 2.1.6.
int nurand_last_name_number(Random& rng, const NURandConstants& c);  // 0..999
int nurand_customer_id(Random& rng, const NURandConstants& c);       // 1..3000
int nurand_item_id(Random& rng, const NURandConstants& c);           // 1..100000

}  // namespace tpcc
