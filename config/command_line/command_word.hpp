// sysbench puts its command word last ("sysbench tpcc.lua --threads=64
// prepare"); tpcc takes it first. This finds it elsewhere.
#pragma once

#include <string>
#include <vector>

namespace tpcc {

// The arguments (without the program name) with the command word first.
// Unchanged when the first is already a command word or a flag of its
// own (--help, --version); otherwise, when exactly one argument is a
// positional word (not a flag, nor the value of the flag before it) and
// that word is prepare, run or cleanup (sysbench's commands), it is moved
// to the front. Two positional words, the second prepare, run, check or
// cleanup, are sysbench's test name and command ("oltp_read_write --tables=8
// run"): the command goes to the front and the test becomes --test=NAME,
// which the parser checks. Anything else is left for the parser to refuse.
std::vector<std::string> command_word_first(std::vector<std::string> args);

// Whether "--name" (written without '=') takes the next argument as its value.
bool takes_next_argument(const std::string& name);

}  // namespace tpcc
