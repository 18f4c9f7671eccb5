// BenchmarkSQL's resultDirectory is a java.util.Formatter pattern applied to
// the start time ("my_result_%tY-%tm-%td_%tH%tM%tS"); the same patterns work
// in --result-dir.
#pragma once

#include <ctime>
#include <string>

namespace tpcc {

// Replaces %tY %ty %tm %td %te %tH %tM %tS %tj %tB %tb %tA %ta %tF %tT %tZ
// (Java date conversions, local time) and %% in pattern. Other text,
// including unknown conversions, is kept as written.
std::string expand_result_dir(const std::string& pattern, std::time_t start);

}  // namespace tpcc
