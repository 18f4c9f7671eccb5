#include "workloads/pgbench/script_parse.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "workloads/pgbench/script_value.hpp"

namespace tpcc::pgbench {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }
bool is_ident_start(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u >= 0x80 || std::isalpha(u) != 0 || c == '_';
}
bool is_ident_char(char c) {
  return is_ident_start(c) || std::isdigit(static_cast<unsigned char>(c)) != 0;
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

// Where the quoted text, comment or dollar-quoted string that starts at `i`
// ends (just past it), or `i` itself when none starts there. As PostgreSQL
// with standard_conforming_strings (which pgbench assumes too): '...' with
// '' inside, E'...' with backslash escapes, "...", $tag$...$tag$, -- to the
// end of the line, and /* */ nested.
std::size_t skip_quoted(const std::string& s, std::size_t i) {
  const std::size_t n = s.size();
  const char c = s[i];
  if (c == '\'') {
    const bool escapes =
        i > 0 && (s[i - 1] == 'E' || s[i - 1] == 'e') && (i < 2 || !is_ident_char(s[i - 2]));
    std::size_t j = i + 1;
    while (j < n) {
      if (escapes && s[j] == '\\') {
        j += 2;
      } else if (s[j] == '\'') {
        if (j + 1 < n && s[j + 1] == '\'') {
          j += 2;
        } else {
          return j + 1;
        }
      } else {
        ++j;
      }
    }
    return n;
  }
  if (c == '"') {
    const std::size_t end = s.find('"', i + 1);
    return end == std::string::npos ? n : end + 1;
  }
  if (c == '-' && i + 1 < n && s[i + 1] == '-') {
    const std::size_t end = s.find('\n', i);
    return end == std::string::npos ? n : end;
  }
  if (c == '/' && i + 1 < n && s[i + 1] == '*') {
    int depth = 1;
    std::size_t j = i + 2;
    while (j < n && depth > 0) {
      if (s[j] == '/' && j + 1 < n && s[j + 1] == '*') {
        ++depth;
        j += 2;
      } else if (s[j] == '*' && j + 1 < n && s[j + 1] == '/') {
        --depth;
        j += 2;
      } else {
        ++j;
      }
    }
    return j;
  }
  if (c == '$' && (i == 0 || !is_ident_char(s[i - 1]))) {
    std::size_t j = i + 1;
    if (j < n && is_ident_start(s[j]) && s[j] != '$') {
      while (j < n && is_ident_char(s[j]) && s[j] != '$') ++j;
    }
    if (j < n && s[j] == '$') {
      const std::string tag = s.substr(i, j - i + 1);
      const std::size_t end = s.find(tag, j + 1);
      return end == std::string::npos ? n : end + tag.size();
    }
  }
  return i;
}

class ScriptParser {
 public:
  ScriptParser(const std::string& text, const std::string& file) : text_(text), file_(file) {
    line_starts_.push_back(0);
    for (std::size_t i = 0; i < text_.size(); ++i) {
      if (text_[i] == '\n') line_starts_.push_back(i + 1);
    }
  }

  Script parse() {
    std::size_t i = 0;
    std::size_t sql_begin = std::string::npos;
    int depth = 0;
    const std::size_t n = text_.size();
    while (i < n) {
      const char c = text_[i];
      if (sql_begin == std::string::npos) {
        // Before a command: blanks and -- comments are no command.
        if (is_space(c) || c == '\n') {
          ++i;
          continue;
        }
        if (c == '-' && i + 1 < n && text_[i + 1] == '-') {
          i = skip_quoted(text_, i);
          continue;
        }
        if (c != '\\') {
          sql_begin = i;
          depth = 0;
        }
      }
      if (c == '\\') {
        if (i + 1 < n && text_[i + 1] == ';') {
          fail(i, "\\; (several statements in one command) is not supported");
        }
        if (sql_begin != std::string::npos) add_sql(sql_begin, i);
        sql_begin = std::string::npos;
        i = meta_command(i);
        continue;
      }
      const std::size_t past = skip_quoted(text_, i);
      if (past != i) {
        i = past;
        continue;
      }
      if (c == '(') ++depth;
      if (c == ')' && depth > 0) --depth;
      if (c == ';' && depth == 0) {
        add_sql(sql_begin, i + 1);
        sql_begin = std::string::npos;
      }
      ++i;
    }
    // pgbench sends a last statement without its ';' too.
    if (sql_begin != std::string::npos) add_sql(sql_begin, n);
    if (script_.commands.empty()) fail(0, "empty command list for script \"" + file_ + "\"");
    check_conditionals();
    script_.name = file_;
    return std::move(script_);
  }

 private:
  [[noreturn]] void fail(std::size_t offset, const std::string& message) const {
    const auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
    const auto line = static_cast<int>(it - line_starts_.begin());
    const auto column = static_cast<int>(offset - *(it - 1)) + 1;
    throw ScriptError(file_, line, column, message);
  }

  [[noreturn]] void fail_at(const Command& c, const std::string& message) const {
    throw ScriptError(file_, c.line, c.column, message);
  }

  void place(Command& c, std::size_t offset) const {
    const auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
    c.line = static_cast<int>(it - line_starts_.begin());
    c.column = static_cast<int>(offset - *(it - 1)) + 1;
  }

  void add_sql(std::size_t begin, std::size_t end) {
    std::size_t last = end;
    while (last > begin && (is_space(text_[last - 1]) || text_[last - 1] == '\n')) --last;
    if (last == begin) return;
    Command c;
    c.kind = Command::Kind::Sql;
    place(c, begin);
    c.text = text_.substr(begin, last - begin);
    c.sql.reserve(c.text.size());
    // :name outside quotes and comments becomes the next $n; :: (a cast)
    // and a colon not followed by a name stay as they are.
    const std::string& s = c.text;
    std::size_t i = 0;
    while (i < s.size()) {
      const std::size_t past = skip_quoted(s, i);
      if (past != i) {
        c.sql.append(s, i, past - i);
        i = past;
        continue;
      }
      if (s[i] == ':') {
        if (i + 1 < s.size() && s[i + 1] == ':') {
          while (i < s.size() && s[i] == ':') c.sql += s[i++];
          continue;
        }
        if (i + 1 < s.size() && is_ident_start(s[i + 1])) {
          std::size_t j = i + 1;
          while (j < s.size() && is_ident_char(s[j])) ++j;
          c.parameters.push_back(s.substr(i + 1, j - i - 1));
          c.parameter_slots.push_back(script_.variables.slot(c.parameters.back()));
          c.sql += "$" + std::to_string(c.parameters.size());
          i = j;
          continue;
        }
      }
      c.sql += s[i++];
    }
    script_.commands.push_back(std::move(c));
  }

  // The words of a meta-command between `begin` and `end`: runs of
  // non-blanks; a backslash before a newline continues the command.
  std::vector<std::pair<std::size_t, std::size_t>> words(std::size_t begin, std::size_t end) const {
    std::vector<std::pair<std::size_t, std::size_t>> out;
    std::size_t i = begin;
    while (i < end) {
      if (is_space(text_[i]) || text_[i] == '\n' || continuation(i)) {
        i += continuation(i) ? 2 : 1;
        continue;
      }
      const std::size_t start = i;
      while (i < end && !is_space(text_[i]) && text_[i] != '\n' && !continuation(i)) ++i;
      out.emplace_back(start, i - start);
    }
    return out;
  }

  bool continuation(std::size_t i) const {
    return text_[i] == '\\' && i + 1 < text_.size() && text_[i + 1] == '\n';
  }

  // Parses the meta-command whose backslash is at `at`; returns the offset
  // just past its line.
  std::size_t meta_command(std::size_t at) {
    std::size_t end = at + 1;
    while (end < text_.size() && text_[end] != '\n') end += continuation(end) ? 2 : 1;
    const std::size_t next = end < text_.size() ? end + 1 : end;
    Command c;
    place(c, at);
    c.text = text_.substr(at, end - at);
    while (!c.text.empty() && c.text.back() == '\r') c.text.pop_back();
    const auto w = words(at + 1, end);
    const std::string name =
        w.empty() || w[0].first != at + 1 ? std::string() : text_.substr(w[0].first, w[0].second);
    const std::string command = lower(name);
    const std::size_t after_name = at + 1 + name.size();
    if (command == "set") {
      c.kind = Command::Kind::Set;
      if (w.size() < 2) fail(at, "missing argument in command \"set\"");
      c.variable = text_.substr(w[1].first, w[1].second);
      if (!valid_variable_name(c.variable)) {
        fail(w[1].first, "invalid variable name: \"" + c.variable + "\" in command \"set\"");
      }
      c.variable_slot = script_.variables.slot(c.variable);
      c.expr = expression(w[1].first + w[1].second, end, "set");
    } else if (command == "if" || command == "elif") {
      c.kind = command == "if" ? Command::Kind::If : Command::Kind::Elif;
      c.expr = expression(after_name, end, command);
    } else if (command == "else" || command == "endif") {
      c.kind = command == "else" ? Command::Kind::Else : Command::Kind::Endif;
      if (w.size() > 1) fail(w[1].first, "unexpected argument in command \"" + command + "\"");
    } else if (command == "sleep") {
      c.kind = Command::Kind::Sleep;
      sleep_arguments(c, at, w);
    } else if (command == "gset" || command == "aset" || command == "shell" ||
               command == "setshell" || command == "startpipeline" || command == "endpipeline" ||
               command == "syncpipeline") {
      fail(at, "\\" + name + " is not supported");
    } else {
      fail(at, "invalid command \"\\" + name + "\"");
    }
    script_.commands.push_back(std::move(c));
    return next;
  }

  ExprPtr expression(std::size_t begin, std::size_t end, const std::string& command) {
    try {
      return parse_expression(text_, begin, end, &script_.variables);
    } catch (const ExprSyntaxError& e) {
      fail(e.offset(), std::string(e.what()) + " in command \"" + command + "\"");
    }
  }

  // \sleep N [us|ms|s], \sleep Nms, \sleep :var [unit]; seconds by default.
  void sleep_arguments(Command& c, std::size_t at,
                       const std::vector<std::pair<std::size_t, std::size_t>>& w) {
    if (w.size() < 2) fail(at, "missing argument in command \"sleep\"");
    if (w.size() > 3) fail(w[3].first, "too many arguments in command \"sleep\"");
    const std::string arg = text_.substr(w[1].first, w[1].second);
    std::string unit = w.size() == 3 ? text_.substr(w[2].first, w[2].second) : std::string();
    std::size_t unit_offset = w.size() == 3 ? w[2].first : 0;
    if (arg[0] == ':') {
      c.sleep_variable = arg.substr(1);
      if (!valid_variable_name(c.sleep_variable)) {
        fail(w[1].first,
             "invalid variable name: \"" + c.sleep_variable + "\" in command \"sleep\"");
      }
      c.sleep_slot = script_.variables.slot(c.sleep_variable);
    } else {
      std::size_t k = 0;
      if (arg[k] == '+' || arg[k] == '-') ++k;
      const std::size_t digits = k;
      while (k < arg.size() && std::isdigit(static_cast<unsigned char>(arg[k])) != 0) ++k;
      const bool have_digit = k > digits;
      if (!have_digit || (k < arg.size() && w.size() == 3)) {
        fail(w[1].first,
             "invalid sleep time, must be an integer (" + arg + ") in command \"sleep\"");
      }
      if (k < arg.size()) {  // "10ms": the number and its unit in one word
        unit = arg.substr(k);
        unit_offset = w[1].first + k;
      }
      try {
        c.sleep_amount = std::stoll(arg.substr(0, k));
      } catch (const std::out_of_range&) {
        fail(w[1].first,
             "invalid sleep time, must be an integer (" + arg + ") in command \"sleep\"");
      }
    }
    const std::string u = lower(unit);
    if (u.empty() || u == "s") {
      c.sleep_unit_us = 1000000;
    } else if (u == "ms") {
      c.sleep_unit_us = 1000;
    } else if (u == "us") {
      c.sleep_unit_us = 1;
    } else {
      fail(unit_offset,
           "unrecognized time unit, must be us, ms or s (" + unit + ") in command \"sleep\"");
    }
  }

  // Each \if has its \endif, \elif and \else come inside one and before its
  // \else; each branch knows where the next one starts.
  void check_conditionals() {
    struct Open {
      std::size_t if_index;
      std::size_t last_branch;
      bool seen_else;
    };
    std::vector<Open> open;
    auto& cmds = script_.commands;
    for (std::size_t i = 0; i < cmds.size(); ++i) {
      Command& c = cmds[i];
      switch (c.kind) {
        case Command::Kind::If: open.push_back({i, i, false}); break;
        case Command::Kind::Elif:
        case Command::Kind::Else: {
          const bool is_else = c.kind == Command::Kind::Else;
          const std::string what = is_else ? "\\else" : "\\elif";
          if (open.empty()) fail_at(c, what + " without matching \\if");
          if (open.back().seen_else) fail_at(c, what + " after \\else");
          cmds[open.back().last_branch].next_branch = i;
          open.back().last_branch = i;
          open.back().seen_else = is_else;
          break;
        }
        case Command::Kind::Endif:
          if (open.empty()) fail_at(c, "\\endif without matching \\if");
          cmds[open.back().last_branch].next_branch = i;
          open.pop_back();
          break;
        default: break;
      }
    }
    if (!open.empty()) fail_at(cmds[open.back().if_index], "\\if without matching \\endif");
  }

  const std::string& text_;
  const std::string& file_;
  std::vector<std::size_t> line_starts_;
  Script script_;
};

}  // namespace

ScriptError::ScriptError(std::string file, int line, int column, const std::string& message)
    : std::runtime_error(file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " +
                         message),
      file_(std::move(file)),
      line_(line),
      column_(column),
      message_(message) {}

Script parse_script(const std::string& text, const std::string& file) {
  return ScriptParser(text, file).parse();
}

const std::vector<BuiltinScript>& builtin_scripts() {
  static const std::vector<BuiltinScript> scripts = {
      {"tpcb-like", "<builtin: TPC-B (sort of)>",
       "\\set aid random(1, 100000 * :scale)\n"
       "\\set bid random(1, 1 * :scale)\n"
       "\\set tid random(1, 10 * :scale)\n"
       "\\set delta random(-5000, 5000)\n"
       "BEGIN;\n"
       "UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;\n"
       "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n"
       "UPDATE pgbench_tellers SET tbalance = tbalance + :delta WHERE tid = :tid;\n"
       "UPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = :bid;\n"
       "INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, "
       ":delta, CURRENT_TIMESTAMP);\n"
       "END;\n"},
      {"simple-update", "<builtin: simple update>",
       "\\set aid random(1, 100000 * :scale)\n"
       "\\set bid random(1, 1 * :scale)\n"
       "\\set tid random(1, 10 * :scale)\n"
       "\\set delta random(-5000, 5000)\n"
       "BEGIN;\n"
       "UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;\n"
       "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n"
       "INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, "
       ":delta, CURRENT_TIMESTAMP);\n"
       "END;\n"},
      {"select-only", "<builtin: select only>",
       "\\set aid random(1, 100000 * :scale)\n"
       "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n"},
  };
  return scripts;
}

Script builtin_script(const std::string& name) {
  const BuiltinScript* found = nullptr;
  int matches = 0;
  for (const auto& b : builtin_scripts()) {
    if (std::string(b.name).compare(0, name.size(), name) == 0) {
      found = &b;
      ++matches;
    }
  }
  if (matches == 0)
    throw std::invalid_argument("no builtin script found for name \"" + name + "\"");
  if (matches > 1) {
    throw std::invalid_argument("ambiguous builtin name: " + std::to_string(matches) +
                                " builtin scripts found for prefix \"" + name + "\"");
  }
  return parse_script(found->text, found->description);
}

}  // namespace tpcc::pgbench
