// help_text(): generated from the settings table so that every option is
// documented with its props keys and its default.
#include <sstream>

#include "config/command_line/options.hpp"
#include "config/names.hpp"
#include "config/settings/settings.hpp"

namespace tpcc {
namespace {

constexpr std::size_t kWidth = 79;
constexpr const char* kIndent = "      ";

struct VerbInfo {
  Verb verb;
  const char* summary;
};

constexpr VerbInfo kVerbs[] = {
    {Verb::Prepare,
     "create the schema, load the warehouses, build indexes (and foreign keys), analyze, "
     "then check the load"},
    {Verb::Run,
     "drive the terminals, print a progress line every report interval and a summary, and "
     "write result.json, intervals.csv, config.json, histograms.json and report.html"},
    {Verb::Check, "run the TPC-C consistency conditions (3.3.2); exit status 1 if any is violated"},
    {Verb::Cleanup, "drop everything prepare created"},
    {Verb::Quickstart,
     "start a throwaway local PostgreSQL, load a small database, run briefly and report"},
    {Verb::Acid,
     "run the ACID tests of TPC-C Clause 3 (atomicity, consistency, isolation) against a "
     "loaded database, write acid.json; exit status 1 if any fails"},
    {Verb::Report,
     "redraw a result directory's report.html (DIR), merge the result directories of the "
     "drivers of one run (--merge DIR... --out DIR) into one result.json, summary and "
     "report.html, or compare runs on one page (--compare DIR DIR...)"},
    {Verb::Snapshot,
     "keep the loaded database as a template copy that tpcc run --restore puts back before a "
     "run (--drop removes it; docs/experiments.md)"},
    {Verb::Capacity,
     "search for the largest number of active warehouses (10 paced terminals each) whose "
     "short runs pass the run rules a short run can judge (efficiency floor, 90th percentile "
     "limits, mix), or without keying and think times the terminal count with the highest "
     "tpmC within --latency-limit; of another workload (--workload), the most terminals whose "
     "99th percentile stays within --latency-limit; each step a run of --duration into "
     "DIR/step-K"},
    {Verb::Sweep,
     "runs of any workload over a grid of run options (--vary terminals=8,16), pgbench's "
     "script variables (--vary-define range=1000,5000) and server settings "
     "(--vary-setting work_mem=4MB,64MB), each point repeated (--repeat) and reset (--restore), "
     "into --result-dir DIR: one page and one table of the workload's throughput and latency "
     "against the values; the same command continues an interrupted sweep; takes every run "
     "option"},
};

const char* summary(Verb v) {
  for (const auto& info : kVerbs) {
    if (info.verb == v) return info.summary;
  }
  return "";
}

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

std::string verb_list(VerbSet verbs) {
  std::string out;
  for (const auto& info : kVerbs) {
    if (verbs & verb_bit(info.verb))
      out += (out.empty() ? "" : ", ") + std::string(verb_name(info.verb));
  }
  return out;
}

std::string props_keys(const Setting& s) {
  // A flag name BenchmarkSQL uses for something else (driver) is no key.
  const bool flag_is_key = s.flag != nullptr && ignored_props_key_reason(s.flag) == nullptr;
  std::string out = flag_is_key ? s.flag : "";
  if (s.twin != nullptr) out += ", " + std::string(s.twin);
  for (const char* k : s.props_keys) out += (out.empty() ? "" : ", ") + std::string(k);
  return out;
}

void describe(std::ostringstream& out, const Setting& s, const std::string& only) {
  std::string head = s.flag != nullptr ? std::string("  --") + s.flag
                                       : std::string("  props ") + s.props_keys.front();
  if (s.value_name != nullptr) head += std::string(" ") + s.value_name;
  if (s.twin != nullptr) head += std::string(" (or --") + s.twin + ")";
  out << head << '\n';
  wrap(out, std::string(s.help) + only, kIndent);
  std::string tail = "Props: " + props_keys(s) + ".";
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
    if (!verb) out << " [" << verb_list(section_verbs) << "]";
    out << ":\n";
    for (const auto& s : settings()) {
      if (std::string(s.section) != section) continue;
      if (verb && !verb_takes(s, *verb)) continue;
      const std::string only =
          !verb && s.verbs != section_verbs ? " (" + verb_list(s.verbs) + " only)" : "";
      describe(out, s, only);
    }
  }
}

const char* kLayers =
    "PROPS is a BenchmarkSQL-style props file (key=value lines, # ! // comments); --props FILE "
    "is the same. Settings come from, in order of precedence: command-line flags, the props "
    "file, the PG* environment (PGHOST, PGPORT, PGUSER, PGDATABASE, PGPASSWORD and ~/.pgpass, "
    "read by libpq for whatever the connection leaves out), then the defaults below. Every "
    "flag name is also a props key (load-method=insert); BenchmarkSQL 5 and 6 keys are listed "
    "with each option. Its db and driver keys are accepted silently; its OS-collector, CSV and "
    "driver-internal keys with a warning that they are ignored. Every problem is reported, all "
    "at once, with its flag or file:line and key.";

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
      out << "| " << option << " | " << cell(props_keys(s)) << " | " << verb_list(s.verbs) << " | "
          << workload_list(s.workloads) << " | " << cell(s.show_default(Config{})) << " | "
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
                : "Usage: tpcc " + std::string(verb_name(*verb)) + " [PROPS] [options]")
        << "\n\n";
    wrap(out, std::string("tpcc ") + std::string(verb_name(*verb)) + ": " + summary(*verb) + ".",
         "");
    out << '\n';
    wrap(out, kLayers, "");
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
  for (const auto& info : kVerbs) {
    std::string name(verb_name(info.verb));
    name.resize(12, ' ');
    out << "  " << name;
    std::ostringstream text;
    wrap(text, info.summary, std::string(14, ' '));
    out << text.str().substr(14);
  }
  out << '\n';
  wrap(out, kLayers, "");
  out << '\n';
  wrap(out,
       "Exit status: 0 success; 1 the benchmark ran but something failed (check violations, run "
       "errors above 1%, any downtime unless --failover expected it, transactions unfinished at "
       "the end, an acknowledged commit lost after a failover); 2 bad usage or "
       "configuration; 3 cannot connect, an error retrying cannot fix (permission denied, "
       "database or table missing), or the server unreachable beyond --max-downtime; 130 "
       "interrupted by SIGINT, SIGTERM or SIGHUP (results are still written).",
       "");
  out << "\nGeneral [all commands]:\n  -h, --help\n";
  wrap(out, "Show help; after a command, the help of that command.", kIndent);
  out << "  --props FILE\n";
  wrap(out, "The props file; the same as the positional PROPS. Default: none.", kIndent);
  sections_for(out, std::nullopt);
  return out.str();
}

}  // namespace tpcc
