// A plain-text table for the console: columns sized to their widest cell,
// the first `left_columns` left-aligned (text), the others right-aligned
// (numbers).
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace tpcc {

class TextTable {
 public:
  explicit TextTable(std::vector<std::string> header, std::size_t left_columns = 1);
  void add_row(std::vector<std::string> cells);
  // Each line starts with indent.
  void print(std::ostream& out, const std::string& indent = "") const;

 private:
  std::vector<std::vector<std::string>> rows_;  // rows_[0] is the header
  std::size_t left_columns_;
};

}  // namespace tpcc
