#include "config/command_line/command_word.hpp"

#include <algorithm>
#include <array>

#include "config/names.hpp"
#include "config/settings/settings.hpp"

namespace tpcc {
namespace {

// The commands sysbench has, by the names tpcc also uses.
constexpr std::array<const char*, 3> kSysbenchCommands = {"prepare", "run", "cleanup"};

// sysbench's "TESTNAME [options] COMMAND": the command first, the test as
// --test (workloads/sysbench/config/oltp_settings.cpp says which names it knows).
// tpcc check is not sysbench's, but with the test named it is no less clear.
std::vector<std::string> test_and_command_first(std::vector<std::string> args,
                                                const std::vector<std::size_t>& positional) {
  const std::string test = args[positional[0]];
  const std::string word = args[positional[1]];
  if (std::find(kSysbenchCommands.begin(), kSysbenchCommands.end(), word) ==
          kSysbenchCommands.end() &&
      word != "check") {
    return args;
  }
  args.erase(args.begin() + static_cast<std::ptrdiff_t>(positional[1]));
  args.erase(args.begin() + static_cast<std::ptrdiff_t>(positional[0]));
  args.insert(args.begin(), {word, "--test=" + test});
  return args;
}

}  // namespace

bool takes_next_argument(const std::string& name) {
  if (name == "props") return true;
  const auto& all = settings();
  return std::any_of(all.begin(), all.end(), [&](const Setting& s) {
    return s.flag != nullptr && (name == s.flag || (s.twin != nullptr && name == s.twin)) &&
           !s.is_switch();
  });
}

std::vector<std::string> command_word_first(std::vector<std::string> args) {
  if (args.empty() || parse_verb(args.front()) || args.front() == "help" ||
      args.front() == "--version" || args.front() == "-V") {
    return args;
  }
  std::vector<std::size_t> positional;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.rfind("--", 0) == 0) {
      if (a.find('=') == std::string::npos && takes_next_argument(a.substr(2))) ++i;
      continue;
    }
    if (a.rfind('-', 0) == 0) continue;  // -h
    positional.push_back(i);
  }
  if (positional.size() == 2) return test_and_command_first(std::move(args), positional);
  if (positional.size() != 1) return args;
  const std::string word = args[positional.front()];
  if (std::find(kSysbenchCommands.begin(), kSysbenchCommands.end(), word) ==
      kSysbenchCommands.end()) {
    return args;
  }
  args.erase(args.begin() + static_cast<std::ptrdiff_t>(positional.front()));
  args.insert(args.begin(), word);
  return args;
}

}  // namespace tpcc
