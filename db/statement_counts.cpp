#include "db/statement_counts.hpp"

#include <array>
#include <cstring>

namespace tpcc {
namespace {

bool tag_is(const char* tag, const char* word) {
  const std::size_t n = std::strlen(word);
  return std::strncmp(tag, word, n) == 0 && (tag[n] == ' ' || tag[n] == '\0');
}

// The tags of statements that change rows.
constexpr std::array<const char*, 5> kWriteTags = {"INSERT", "UPDATE", "DELETE", "MERGE", "COPY"};

}  // namespace

void StatementCounts::merge(const StatementCounts& other_counts) {
  reads += other_counts.reads;
  writes += other_counts.writes;
  other += other_counts.other;
}

void count_command_tag(StatementCounts& counts, const char* tag) {
  if (tag == nullptr) {
    ++counts.other;
    return;
  }
  if (tag_is(tag, "SELECT")) {
    ++counts.reads;
    return;
  }
  for (const char* write : kWriteTags) {
    if (tag_is(tag, write)) {
      ++counts.writes;
      return;
    }
  }
  ++counts.other;
}

}  // namespace tpcc
