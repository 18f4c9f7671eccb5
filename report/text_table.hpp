// A plain-text table for the console: columns sized to their widest cell,
// the first left-aligned, the others right-aligned.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace tpcc {

class TextTable {
 public:
  explicit TextTable(std::vector<std::string> header);
  void add_row(std::vector<std::string> cells);
  // Each line starts with indent.
  void print(std::ostream& out, const std::string& indent = "") const;

 private:
  std::vector<std::vector<std::string>> rows_;  // rows_[0] is the header
};

}  // namespace tpcc
