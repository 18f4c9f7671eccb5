// tpcc capacity on the console: the steps of the search in a table, and
// the line with its answer.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "report/rules/capacity_step.hpp"

namespace tpcc {

// step, active warehouses (or terminals), tpmC, efficiency, New-Order p90,
// verdict and why it failed or stopped.
void print_capacity_steps(std::ostream& out, const std::vector<CapacityStep>& steps, bool paced);

// The step that answers the search: paced, the passing step with the most
// active warehouses; unpaced, the passing step with the highest tpmC; of
// another workload, the passing step with the most terminals.
// nullopt when none passed.
std::optional<CapacityStep> capacity_answer(const std::vector<CapacityStep>& steps, bool paced);

// "largest passing: 4 warehouses, tpmC 50.9 (efficiency 98.9 %)", unpaced
// "highest passing: 16 terminals, tpmC 4021.3 (New-Order p90 41.2 ms)", or
// "no step passed".
std::string capacity_answer_line(const std::optional<CapacityStep>& answer, bool paced);

}  // namespace tpcc
