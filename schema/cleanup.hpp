// tpcc cleanup: drops what prepare created and nothing else. Refuses (exit
// 1, naming each) while objects of others depend on the kit's, unless
// config.cascade; then drops those too and lists them.
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

int cleanup_database(const Config& config, std::ostream& out);

}  // namespace tpcc
