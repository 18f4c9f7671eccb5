#include "config/command_line/completion.hpp"

#include <sstream>

#include "config/command_line/help_texts.hpp"
#include "config/names.hpp"
#include "config/settings/settings.hpp"

namespace tpcc {
namespace {

// What a value of the option completes to: "copy|insert" lists its words;
// a FILE its file names, a DIR its directories; anything else nothing.
std::string value_completion(const std::string& value_name) {
  if (value_name.find('|') != std::string::npos) {
    std::string words = value_name;
    for (char& c : words) {
      if (c == '|') c = ' ';
    }
    return "COMPREPLY=($(compgen -W '" + words + "' -- \"$cur\"))";
  }
  if (value_name.find("DIR") != std::string::npos) return "COMPREPLY=($(compgen -d -- \"$cur\"))";
  if (value_name.find("FILE") != std::string::npos) {
    return "COMPREPLY=($(compgen -f -- \"$cur\"))";
  }
  return "COMPREPLY=()";
}

}  // namespace

std::string bash_completion() {
  std::ostringstream out;
  std::string verbs;
  for (const VerbSummary& v : verb_summaries()) {
    verbs += (verbs.empty() ? "" : " ") + std::string(verb_name(v.verb));
  }
  out << "# bash completion for tpcc, written from its options table (tpcc --help).\n"
      << "_tpcc() {\n"
      << "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
      << "  local verbs='" << verbs << "'\n"
      << "  local verb='' word\n"
      << "  for word in \"${COMP_WORDS[@]:1:COMP_CWORD-1}\"; do\n"
      << "    case \" $verbs \" in *\" $word \"*) verb=$word; break ;; esac\n"
      << "  done\n"
      << "  # The value of the option before the cursor.\n"
      << "  case $prev in\n"
      << "    --props) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n";
  for (const Setting& s : settings()) {
    if (s.flag == nullptr || s.value_name == nullptr) continue;
    out << "    --" << s.flag;
    if (s.twin != nullptr) out << "|--" << s.twin;
    out << ") " << value_completion(s.value_name) << "; return ;;\n";
  }
  out << "  esac\n"
      << "  if [[ -z $verb ]]; then\n"
      << "    COMPREPLY=($(compgen -W \"$verbs --help --version\" -- \"$cur\"))\n"
      << "    return\n"
      << "  fi\n"
      << "  if [[ $cur != -* ]]; then\n"
      << "    COMPREPLY=($(compgen -f -- \"$cur\"))  # a props file, a result directory\n"
      << "    return\n"
      << "  fi\n"
      << "  local options='--help --props'\n"
      << "  case $verb in\n";
  for (const VerbSummary& v : verb_summaries()) {
    std::string options;
    for (const Setting& s : settings()) {
      if (s.flag == nullptr || !verb_takes(s, v.verb)) continue;
      options += " --" + std::string(s.flag);
    }
    out << "    " << verb_name(v.verb) << ") options+='" << options << "' ;;\n";
  }
  out << "  esac\n"
      << "  COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))\n"
      << "}\n"
      << "complete -o filenames -F _tpcc tpcc\n";
  return out.str();
}

}  // namespace tpcc
