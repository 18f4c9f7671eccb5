// Helpers shared by the unit tests of several rooms: small enough to inline,
// kept here so that every test builds its inputs and reads its outputs the
// same way.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "metrics/stats.hpp"

namespace tpcc::test {

// `committed` committed transactions of one type, each answered in `micros`.
inline void record(TxnStats& t, std::int64_t committed, std::int64_t micros) {
  t.committed += committed;
  for (std::int64_t i = 0; i < committed; ++i) t.latency.record(micros);
}

// How often `what` occurs in `text`, overlapping occurrences included.
inline std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// A file's bytes. Throws when it cannot be opened, so that a file the code
// under test failed to write fails the test with its name rather than
// comparing as empty.
inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace tpcc::test
