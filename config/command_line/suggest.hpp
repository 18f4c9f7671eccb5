// "did you mean terminals?": the nearest known name to a misspelt one.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace tpcc {

// Levenshtein distance (insertions, deletions, substitutions), ignoring case.
std::size_t edit_distance(const std::string& a, const std::string& b);

// The candidate nearest to word, if it is close enough to be a likely
// misspelling: at most 1 edit for short words, up to 3 for long ones. Ties go
// to the earlier candidate.
std::optional<std::string> nearest_name(const std::string& word,
                                        const std::vector<std::string>& candidates);

}  // namespace tpcc
