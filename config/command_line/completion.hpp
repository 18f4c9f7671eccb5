// tpcc's bash completion, written from the options table: the commands,
// each command's options, the values of options that take one of a list,
// and file or directory names where an option takes one.
#pragma once

#include <string>

namespace tpcc {

// A bash script that registers the completion of `tpcc` (complete -F).
std::string bash_completion();

}  // namespace tpcc
