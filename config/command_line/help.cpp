// help_text(): generated from the settings table so that every option is
// documented with its props keys and its default.
#include <sstream>

#include "config/command_line/help_texts.hpp"
#include "config/command_line/options.hpp"
#include "config/names.hpp"
#include "config/settings/settings.hpp"

namespace tpcc {
namespace {

constexpr std::size_t kWidth = 79;
constexpr const char* kIndent = "      ";

// Appends text word-wrapped at kWidth, every line starting with indent.
void wrap(std::ostringstream& out, const std::string& text, const std::string& indent) {
  std::istringstream words(text);
  std::string word;
  std::string line = indent;
  bool empty = true;
  while (words >> word) {
    if (!empty && line.size() + 1 + word.size() > kWidth) {
      out << line << '\n';
      line = indent;
      empty = true;
    }
    line += (empty ? "" : " ") + word;
    empty = false;
  }
  if (!empty) out << line << '\n';
}

void describe(std::ostringstream& out, const Setting& s, const std::string& only) {
  std::string head = s.flag != nullptr ? std::string("  --") + s.flag
                                       : std::string("  props ") + s.props_keys.front();
  if (s.value_name != nullptr) head += std::string(" ") + s.value_name;
  if (s.twin != nullptr) head += std::string(" (or --") + s.twin + ")";
  out << head << '\n';
  wrap(out, std::string(s.help) + only, kIndent);
  std::string tail = "Props: " + props_keys_text(s) + ".";
  if (s.is_switch()) {
    tail += " A switch: --" + std::string(s.flag) + "=false and props values take true or false.";
  }
  tail += " Default: " + s.show_default(Config{}) + ".";
  wrap(out, tail, kIndent);
}

void sections_for(std::ostringstream& out, std::optional<Verb> verb) {
  for (const char* section : sections()) {
    VerbSet section_verbs = 0;
    bool any = false;
    for (const auto& s : settings()) {
      if (std::string(s.section) != section) continue;
      if (verb && !verb_takes(s, *verb)) continue;
      section_verbs |= s.verbs;
      any = true;
    }
    if (!any) continue;
    out << '\n' << section;
    if (!verb) out << " [" << verb_names(section_verbs) << "]";
    out << ":\n";
    for (const auto& s : settings()) {
      if (std::string(s.section) != section) continue;
      if (verb && !verb_takes(s, *verb)) continue;
      const std::string only =
          !verb && s.verbs != section_verbs ? " (" + verb_names(s.verbs) + " only)" : "";
      describe(out, s, only);
    }
  }
}

// A table cell: '|' escaped, so that flag values like copy|insert stay in one cell.
std::string cell(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '|') out += '\\';
    out += c;
  }
  return out;
}

}  // namespace

std::string options_markdown() {
  std::ostringstream out;
  out << "| option | props keys | verbs | workloads | default | meaning |\n"
      << "|---|---|---|---|---|---|\n";
  for (const char* section : sections()) {
    for (const auto& s : settings()) {
      if (std::string(s.section) != section) continue;
      std::string option = s.flag != nullptr ? std::string("--") + s.flag : "(props only)";
      if (s.flag != nullptr && s.value_name != nullptr) option += std::string(" ") + s.value_name;
      if (s.flag != nullptr) option = "`" + cell(option) + "`";
      if (s.twin != nullptr) option += std::string(" (or `--") + s.twin + "`)";
      out << "| " << option << " | " << cell(props_keys_text(s)) << " | " << verb_names(s.verbs)
          << " | " << workload_list(s.workloads) << " | " << cell(s.show_default(Config{})) << " | "
          << cell(s.help) << " |\n";
    }
  }
  return out.str();
}

std::string help_text(std::optional<Verb> verb) {
  std::ostringstream out;
  if (verb) {
    out << (*verb == Verb::Report ? std::string("Usage: tpcc report DIR [--out DIR|FILE.html]\n"
                                                "       tpcc report --merge DIR... --out DIR\n"
                                                "       tpcc report --compare DIR DIR... "
                                                "[--out DIR|FILE.html]")
            : *verb == Verb::Sweep
                ? std::string("Usage: tpcc sweep [PROPS] [run options] --vary NAME=V1,V2,... "
                              "[--vary ...]\n"
                              "       [--vary-setting GUC=V1,V2,... ...] --result-dir DIR")
            : *verb == Verb::Fleet
                ? std::string("Usage: tpcc fleet k8s --drivers N [--verb run|prepare|merge] "
                              "[--image IMAGE]\n"
                              "       [--secret NAME] [--run-id ID] [--output FILE] "
                              "[run or prepare options]")
                : "Usage: tpcc " + std::string(verb_name(*verb)) + " [PROPS] [options]")
        << "\n\n";
    wrap(out,
         std::string("tpcc ") + std::string(verb_name(*verb)) + ": " + verb_summary(*verb) + ".",
         "");
    out << '\n';
    wrap(out, kSettingsLayers, "");
    out << "\nGeneral:\n  -h, --help\n";
    wrap(out, "Show this help.", kIndent);
    out << "  --props FILE\n";
    wrap(out, "The props file; the same as the positional PROPS. Default: none.", kIndent);
    sections_for(out, verb);
    return out.str();
  }
  out << "tpcc: a TPC-C benchmark kit for PostgreSQL and PostgreSQL-compatible databases.\n\n"
      << "Usage: tpcc COMMAND [PROPS] [options]\n"
      << "       tpcc [options] prepare|run|cleanup    sysbench's order, the command last\n"
      << "       tpcc TEST [options] prepare|run|check|cleanup    sysbench's oltp_* tests\n"
      << "       tpcc COMMAND --help    options of one command\n"
      << "       tpcc --version\n\n"
      << "Commands:\n";
  for (const VerbSummary& info : verb_summaries()) {
    std::string name(verb_name(info.verb));
    name.resize(12, ' ');
    out << "  " << name;
    std::ostringstream text;
    wrap(text, info.summary, std::string(14, ' '));
    out << text.str().substr(14);
  }
  out << '\n';
  wrap(out, kSettingsLayers, "");
  out << '\n';
  std::string exits = "Exit status:";
  for (const ExitStatusText& e : exit_statuses()) {
    exits += " " + std::to_string(e.status) + ": " + e.meaning;
  }
  wrap(out, exits, "");
  out << "\nGeneral [all commands]:\n  -h, --help\n";
  wrap(out, "Show help; after a command, the help of that command.", kIndent);
  out << "  --props FILE\n";
  wrap(out, "The props file; the same as the positional PROPS. Default: none.", kIndent);
  sections_for(out, std::nullopt);
  return out.str();
}

}  // namespace tpcc
