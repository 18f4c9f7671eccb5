// A plain-text table for the console: columns sized to their widest cell,
// the first `left_columns` left-aligned (text), the others right-aligned
// (numbers). A column given a maximum width wraps longer cells at spaces
// onto lines of their own, so a table of sentences fits a terminal.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace tpcc {

class TextTable {
 public:
  explicit TextTable(std::vector<std::string> header, std::size_t left_columns = 1);
  void add_row(std::vector<std::string> cells);
  // Cells of column (from 0) wider than width wrap; the header does too.
  void set_max_width(std::size_t column, std::size_t width);
  // Each line starts with indent.
  void print(std::ostream& out, const std::string& indent = "") const;

 private:
  std::vector<std::vector<std::string>> rows_;  // rows_[0] is the header
  std::size_t left_columns_;
  std::vector<std::size_t> max_widths_;  // 0: unlimited
};

// text in lines of at most width characters, broken at spaces (a word
// longer than width is cut); one empty line for empty text.
std::vector<std::string> wrap_words(const std::string& text, std::size_t width);

}  // namespace tpcc
