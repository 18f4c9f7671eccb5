// The words of tpcc's documentation that are not an option's: each
// command's one-line summary, how the settings are layered, and what the
// exit statuses mean. --help, the man page and the shell completion all
// take them from here.
#pragma once

#include <string>
#include <vector>

#include "config/config.hpp"
#include "config/settings/settings.hpp"

namespace tpcc {

struct VerbSummary {
  Verb verb;
  const char* summary;
};

// Every command, in the order --help lists them.
const std::vector<VerbSummary>& verb_summaries();

// The command's summary ("" for none).
const char* verb_summary(Verb verb);

// "prepare, run": the commands of a set, in --help's order.
std::string verb_names(VerbSet verbs);

// An option's props keys: its flag name (unless BenchmarkSQL uses that name
// for something else), its twin spelling, then its other keys.
std::string props_keys_text(const Setting& s);

// Where settings come from and in what precedence: props, flags, PG*.
extern const char* const kSettingsLayers;

struct ExitStatusText {
  int status;
  const char* meaning;
};

// Each exit status tpcc returns and what it means, in order.
const std::vector<ExitStatusText>& exit_statuses();

}  // namespace tpcc
