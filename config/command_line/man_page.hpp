// tpcc(1): the manual page, written from the options table as --help is,
// so that the two cannot disagree.
#pragma once

#include <string>

namespace tpcc {

// The page in man(7) markup: the commands, every option with its props
// keys, commands, workloads and default, the exit statuses, the
// environment, the files a run writes, and examples.
std::string man_page();

}  // namespace tpcc
