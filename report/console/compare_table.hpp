// tpcc report --compare of single runs on the console, as one table: a
// header row naming each run (its label, else its directory), then what
// tells the runs apart (the options, defines, server settings and start and
// environment items in which they differ), then the figures, each later
// run's with its ratio to the first's. Ready to paste beside the page.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "report/views/compare.hpp"

namespace tpcc {

void print_compare_table(std::ostream& out, const std::vector<std::string>& headings,
                         const std::vector<ComparedSetting>& differences,
                         const std::vector<ComparedFigure>& figures);

}  // namespace tpcc
