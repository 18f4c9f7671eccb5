#include "workloads/pgbench/config/pgbench_line.hpp"

#include <cstdlib>
#include <map>
#include <optional>

#include "config/command_line/command_word.hpp"
#include "config/conn/conninfo.hpp"
#include "config/conn/mask.hpp"
#include "config/errors.hpp"
#include "config/settings/values.hpp"

namespace tpcc {
namespace {

// A pgbench option taking a value, and the tpcc option it becomes.
struct ValueOption {
  char letter;
  const char* flag;
};

constexpr ValueOption kValueOptions[] = {
    {'s', "--scale"},      {'F', "--fillfactor"},        {'c', "--terminals"},
    {'T', "--duration"},   {'t', "--txns-per-terminal"}, {'P', "--progress"},
    {'M', "--query-mode"}, {'b', "--builtin"},           {'f', "--file"},
    {'D', "--define"},     {'L', "--latency-limit"},     {'j', "--jobs"},
};

// pgbench's connection options, the tpcc option each becomes, and the
// conninfo keyword it sets. pgbench hands them to libpq before the database
// argument, which may itself be a connection string: what that names wins.
struct ConnectionOption {
  char letter;
  const char* flag;
  const char* keyword;
};

constexpr ConnectionOption kConnectionOptions[] = {
    {'h', "--pgsql-host", "host"},
    {'p', "--pgsql-port", "port"},
    {'U', "--pgsql-user", "user"},
};

// Options pgbench has that tpcc takes without effect, and why.
struct InertOption {
  char letter;
  bool takes_value;
  const char* why;
};

constexpr InertOption kInertOptions[] = {
    {'q', false, "pgbench's quiet logging of -i; tpcc's prepare prints its own progress"},
};

const ValueOption* value_option(char letter) {
  for (const ValueOption& o : kValueOptions) {
    if (o.letter == letter) return &o;
  }
  return nullptr;
}

const ConnectionOption* connection_option(char letter) {
  for (const ConnectionOption& o : kConnectionOptions) {
    if (o.letter == letter) return &o;
  }
  return nullptr;
}

// pgbench's database argument is a connection string when libpq would
// expand it as one: a URI, or text holding an '=' (libpq's expand_dbname).
bool is_connection_string(const std::string& text) {
  return is_conninfo_uri(text) || text.find('=') != std::string::npos;
}

const InertOption* inert_option(char letter) {
  for (const InertOption& o : kInertOptions) {
    if (o.letter == letter) return &o;
  }
  return nullptr;
}

// pgbench's -R is transactions per second; tpcc's --rate per minute.
std::string rate_per_minute(const std::string& tps) {
  char* end = nullptr;
  const double value = std::strtod(tps.c_str(), &end);
  if (tps.empty() || *end != '\0' || value < 0) {
    throw UsageError("-R " + tps + ": pgbench's rate is a number of transactions per second");
  }
  return format_number(value * 60);
}

class Translator {
 public:
  PgbenchLine translate(const std::vector<std::string>& args) {
    for (std::size_t i = 0; i < args.size(); ++i) {
      const std::string& a = args[i];
      if (a.rfind("--", 0) == 0) {
        // tpcc's own option, and its value when given apart.
        out_.push_back(a);
        if (a.find('=') == std::string::npos && takes_next_argument(a.substr(2)) &&
            i + 1 < args.size()) {
          out_.push_back(args[++i]);
        }
      } else if (a.size() > 1 && a[0] == '-') {
        i = letters(args, i);
      } else {
        database(a);
      }
    }
    connection_options();
    PgbenchLine line;
    line.args = {prepare_ ? "prepare" : "run", "--workload", "pgbench"};
    if (!prepare_) run_defaults(line.args);
    line.args.insert(line.args.end(), out_.begin(), out_.end());
    line.notes = notes_;
    return line;
  }

 private:
  // -c4, -c 4, -iq: getopt's clusters. Returns the last argument used.
  std::size_t letters(const std::vector<std::string>& args, std::size_t i) {
    const std::string& a = args[i];
    for (std::size_t k = 1; k < a.size(); ++k) {
      const char letter = a[k];
      const std::string option = std::string("-") + letter;
      const bool has_value = value_option(letter) != nullptr ||
                             connection_option(letter) != nullptr || letter == 'R' ||
                             (inert_option(letter) != nullptr && inert_option(letter)->takes_value);
      if (!has_value) {
        flag(letter, option);
        continue;
      }
      std::string value = a.substr(k + 1);
      if (value.empty()) {
        if (i + 1 >= args.size()) throw UsageError(option + ": needs a value");
        value = args[++i];
      }
      valued(letter, option, value);
      return i;
    }
    return i;
  }

  void flag(char letter, const std::string& option) {
    switch (letter) {
      case 'i': prepare_ = true; return;
      case 'S': script("--builtin", "select-only"); return;
      case 'N': script("--builtin", "simple-update"); return;
      case 'r': out_.push_back("--report-per-command"); return;
      case 'n': out_.push_back("--no-vacuum"); return;
      case 'v': out_.push_back("--vacuum-all"); return;
      default: break;
    }
    if (const InertOption* inert = inert_option(letter)) {
      notes_.push_back("pgbench " + option + ": accepted without effect (" + inert->why + ")");
      return;
    }
    throw UsageError(option + ": not a pgbench option tpcc takes (see docs/pgbench.md)");
  }

  void valued(char letter, const std::string& option, const std::string& value) {
    if (letter == 'R') {
      out_.insert(out_.end(), {"--rate", rate_per_minute(value)});
      notes_.push_back("pgbench -R " + value + ": transactions per second, " +
                       rate_per_minute(value) + " per minute (--rate)");
      return;
    }
    if (const InertOption* inert = inert_option(letter)) {
      notes_.push_back("pgbench " + option + " " + value + ": accepted without effect (" +
                       inert->why + ")");
      return;
    }
    if (const ConnectionOption* c = connection_option(letter)) {
      connection_[c] = value;
      return;
    }
    const ValueOption* o = value_option(letter);
    if (letter == 'b' || letter == 'f') {
      script(o->flag, value);
      return;
    }
    if (letter == 'T') duration_given_ = true;
    if (letter == 't') count_given_ = true;
    if (letter == 'c') clients_given_ = true;
    if (letter == 'P') progress_given_ = true;
    if (letter == 'M') mode_given_ = true;
    out_.insert(out_.end(), {o->flag, value});
  }

  void script(const char* flag, const std::string& value) {
    out_.insert(out_.end(), {flag, value});
  }

  void database(const std::string& name) {
    if (database_) {
      throw UsageError(mask_password(name) + ": a second database name (pgbench takes one, after " +
                       mask_password(*database_) + ")");
    }
    database_ = name;
    out_.push_back(is_connection_string(name) ? "--conn=" + name : "--pgsql-db=" + name);
  }

  // -h, -p and -U, but for what a connection string given as the database
  // names itself (libpq takes that one, as pgbench hands it over last).
  void connection_options() {
    const bool connection_string = database_ && is_connection_string(*database_);
    for (const auto& [option, value] : connection_) {
      if (connection_string && conninfo_has(*database_, option->keyword)) continue;
      out_.push_back(std::string(option->flag) + "=" + value);
    }
  }

  // pgbench's: one client, ten transactions each, no progress lines, the
  // simple protocol.
  void run_defaults(std::vector<std::string>& args) const {
    if (!clients_given_) args.insert(args.end(), {"--terminals", "1"});
    if (!duration_given_ && !count_given_) args.insert(args.end(), {"--txns-per-terminal", "10"});
    if (!progress_given_) args.insert(args.end(), {"--progress", "0"});
    if (!mode_given_) args.insert(args.end(), {"--query-mode", "simple"});
  }

  std::vector<std::string> out_;
  std::vector<std::string> notes_;
  std::optional<std::string> database_;
  std::map<const ConnectionOption*, std::string> connection_;
  bool prepare_ = false;
  bool duration_given_ = false;
  bool count_given_ = false;
  bool clients_given_ = false;
  bool progress_given_ = false;
  bool mode_given_ = false;
};

}  // namespace

PgbenchLine pgbench_line_as_tpcc(const std::vector<std::string>& args) {
  return Translator().translate(args);
}

}  // namespace tpcc
