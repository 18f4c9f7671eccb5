// Text fields of 4.3.2: a-strings, n-strings, zip codes, last names and
// the "ORIGINAL" marker of item and stock data.
#pragma once

#include <string>

#include "spec/random.hpp"

namespace tpcc {

// 4.3.2.2 a-string: random length in [min_len, max_len] of alphanumerics.
std::string a_string(Random& rng, int min_len, int max_len);
void append_a_string(Random& rng, int min_len, int max_len, std::string& out);

// 4.3.2.2 n-string: random length in [min_len, max_len] of digits.
std::string n_string(Random& rng, int min_len, int max_len);

// 4.3.2.7 zip code: 4 random digits followed by "11111".
std::string zip_code(Random& rng);

// 4.3.2.3 last name from a number 0..999: one syllable per digit.
std::string last_name(int number);
void append_last_name(int number, std::string& out);

// 4.3.3.1 I_DATA / S_DATA: a-string[26..50]; in 10% of rows "ORIGINAL"
// replaces the characters at a random position.
std::string item_or_stock_data(Random& rng);

}  // namespace tpcc
