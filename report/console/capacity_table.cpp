#include "report/console/capacity_table.hpp"

#include "report/console/text_table.hpp"
#include "report/views/format.hpp"

namespace tpcc {
namespace {

// The why column wraps: a failed rule's figures are a sentence.
constexpr std::size_t kWhyWidth = 60;

std::string joined(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& part : parts) out += (out.empty() ? "" : "; ") + part;
  return out;
}

bool of_workload(const std::vector<CapacityStep>& steps) {
  return !steps.empty() && !steps.front().throughput_name.empty();
}

// A step of another workload: its terminals, throughput and tail latency.
void print_workload_steps(std::ostream& out, const std::vector<CapacityStep>& steps) {
  TextTable table({"step", capacity_searched_heading(steps.front(), "terminals"),
                   steps.front().throughput_name, steps.front().latency_name, "verdict", "why"},
                  0);
  for (const CapacityStep& s : steps) {
    table.add_row({std::to_string(s.step), capacity_searched_value(s, s.terminals),
                   s.throughput ? fixed(*s.throughput, 2) : "-",
                   s.latency_ms ? fixed(*s.latency_ms, 3) : "-", capacity_verdict_text(s.verdict),
                   joined(s.why)});
  }
  table.set_max_width(5, kWhyWidth);
  table.print(out, "  ");
}

}  // namespace

void print_capacity_steps(std::ostream& out, const std::vector<CapacityStep>& steps, bool paced) {
  if (of_workload(steps)) {
    print_workload_steps(out, steps);
    return;
  }
  TextTable table(
      {"step", capacity_searched_heading(steps.front(), paced ? "warehouses" : "terminals"), "tpmC",
       "efficiency", "NO p90 ms", "verdict", "why"},
      0);
  for (const CapacityStep& s : steps) {
    table.add_row({std::to_string(s.step),
                   capacity_searched_value(s, paced ? s.active_warehouses : s.terminals),
                   fixed(s.tpmc, 1), s.efficiency ? fixed(*s.efficiency, 1) + "%" : "-",
                   s.new_order_p90_ms ? fixed(*s.new_order_p90_ms, 1) : "-",
                   capacity_verdict_text(s.verdict), joined(s.why)});
  }
  table.set_max_width(6, kWhyWidth);
  table.print(out, "  ");
}

std::optional<CapacityStep> capacity_answer(const std::vector<CapacityStep>& steps, bool paced) {
  std::optional<CapacityStep> best;
  for (const CapacityStep& s : steps) {
    if (s.verdict != CapacityVerdict::Pass) continue;
    if (s.rate) {
      if (!best || *s.rate > *best->rate) best = s;
      continue;
    }
    const bool better = !best || (paced ? s.active_warehouses > best->active_warehouses
                                  : !s.throughput_name.empty() ? s.terminals > best->terminals
                                                               : s.tpmc > best->tpmc);
    if (better) best = s;
  }
  return best;
}

std::string capacity_answer_line(const std::optional<CapacityStep>& answer, bool paced) {
  if (!answer) return "no step passed";
  if (answer->rate) {
    const std::string figure =
        answer->throughput_name.empty()
            ? "tpmC " + fixed(answer->tpmc, 1)
            : answer->throughput_name + " " +
                  (answer->throughput ? fixed(*answer->throughput, 2) : std::string("-"));
    return "highest passing rate: " + fixed(*answer->rate, 0) + answer->rate_unit + " at " +
           std::to_string(answer->terminals) + " terminals, " + figure;
  }
  if (!answer->throughput_name.empty()) {
    return "highest passing: " + std::to_string(answer->terminals) + " terminals, " +
           answer->throughput_name + " " +
           (answer->throughput ? fixed(*answer->throughput, 2) : std::string("-")) + " (" +
           answer->latency_name.substr(0, answer->latency_name.size() - 3) + " " +
           (answer->latency_ms ? fixed(*answer->latency_ms, 3) + " ms" : std::string("none")) + ")";
  }
  if (!paced) {
    return "highest passing: " + std::to_string(answer->terminals) + " terminals, tpmC " +
           fixed(answer->tpmc, 1) + " (New-Order p90 " +
           (answer->new_order_p90_ms ? fixed(*answer->new_order_p90_ms, 1) + " ms" : "none") + ")";
  }
  return "largest passing: " + std::to_string(answer->active_warehouses) +
         (answer->active_warehouses == 1 ? " warehouse" : " warehouses") + ", tpmC " +
         fixed(answer->tpmc, 1) + " (efficiency " +
         (answer->efficiency ? fixed(*answer->efficiency, 1) + " %"
                             : std::string("not meaningful: keying and think times scaled")) +
         ")";
}

}  // namespace tpcc
