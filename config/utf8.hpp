// UTF-8 text: what result.json and config.json hold. A value that is not
// UTF-8 (a Latin-1 byte from a terminal or a file in another encoding)
// cannot be written as JSON text, so it is refused where it is read.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace tpcc {

// The length of the UTF-8 sequence at s[i], or 0 if it is not valid UTF-8
// (overlong forms, surrogates and code points above U+10FFFF included).
std::size_t utf8_length(const std::string& s, std::size_t i);

// The offset of the first byte that does not start a valid UTF-8 sequence;
// nullopt when all of s is UTF-8.
std::optional<std::size_t> first_non_utf8(const std::string& s);

// A byte as a message shows it: "0xE9".
std::string byte_text(unsigned char c);

}  // namespace tpcc
