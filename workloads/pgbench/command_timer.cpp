#include "workloads/pgbench/command_timer.hpp"

namespace tpcc::pgbench {
namespace {

// pgbench's report shows a command by its first line.
std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

}  // namespace

ClientTallies empty_tallies(const std::vector<RunScript>& scripts) {
  ClientTallies tallies;
  for (const RunScript& s : scripts) tallies.emplace_back(s.script.commands.size());
  return tallies;
}

CommandTimer::CommandTimer(const Script& script, std::vector<CommandTally>* tallies)
    : script_(script), tallies_(tallies) {
  if (tallies_ != nullptr) start_ = std::chrono::steady_clock::now();
}

std::size_t CommandTimer::index(const Command* command) const {
  return static_cast<std::size_t>(command - script_.commands.data());
}

void CommandTimer::done(const Command* command) {
  if (tallies_ == nullptr) return;
  const auto now = std::chrono::steady_clock::now();
  CommandTally& t = (*tallies_)[index(command)];
  ++t.runs;
  t.micros += std::chrono::duration<double, std::micro>(now - start_).count();
  start_ = now;
}

void CommandTimer::failed(const Command* command) {
  if (tallies_ == nullptr || command == nullptr) return;
  ++(*tallies_)[index(command)].failures;
}

const Command* command_at_line(const Script& script, int line) {
  for (const Command& c : script.commands) {
    if (c.line == line) return &c;
  }
  return nullptr;
}

ScriptCommandLatencies sum_tallies(const std::vector<RunScript>& scripts,
                                   const std::vector<const ClientTallies*>& clients) {
  ScriptCommandLatencies all;
  for (std::size_t s = 0; s < scripts.size(); ++s) {
    std::vector<CommandLatency> commands;
    for (std::size_t c = 0; c < scripts[s].script.commands.size(); ++c) {
      CommandLatency latency;
      latency.text = first_line(scripts[s].script.commands[c].text);
      for (const ClientTallies* client : clients) {
        const CommandTally& t = (*client)[s][c];
        latency.runs += t.runs;
        latency.total_micros += t.micros;
        latency.failures += t.failures;
      }
      commands.push_back(latency);
    }
    all.push_back(commands);
  }
  return all;
}

}  // namespace tpcc::pgbench
