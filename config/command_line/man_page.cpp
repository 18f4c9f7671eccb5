#include "config/command_line/man_page.hpp"

#include <sstream>

#include "config/command_line/help_texts.hpp"
#include "config/names.hpp"
#include "config/settings/settings.hpp"

#ifndef TPCC_VERSION
#define TPCC_VERSION "unknown"
#endif

namespace tpcc {
namespace {

// Text as man(7) shows it: backslashes escaped, hyphens kept as hyphens
// (not typeset as dashes), and a line starting with a dot or a quote kept
// as text.
std::string roff(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '\\') {
      out += "\\e";
    } else if (c == '-') {
      out += "\\-";
    } else {
      out += c;
    }
  }
  if (!out.empty() && (out.front() == '.' || out.front() == '\'')) out = "\\&" + out;
  return out;
}

void option_entry(std::ostringstream& out, const Setting& s) {
  out << ".TP\n";
  if (s.flag != nullptr) {
    // .BI: the flag bold, its value italic, one space between.
    out << (s.value_name != nullptr ? ".BI \\-\\-" : ".B \\-\\-") << roff(s.flag);
    if (s.value_name != nullptr) out << " \" " << roff(s.value_name) << "\"";
    out << "\n";
    if (s.twin != nullptr) out << "(or \\fB\\-\\-" << roff(s.twin) << "\\fR)\n";
  } else {
    out << "props \\fB" << roff(s.props_keys.front()) << "\\fR";
    if (s.value_name != nullptr) out << " \\fI" << roff(s.value_name) << "\\fR";
    out << "\n";
  }
  out << roff(s.help) << "\n";
  out << ".br\n"
      << "Props: " << roff(props_keys_text(s)) << ". Commands: " << roff(verb_names(s.verbs))
      << ". Workloads: " << roff(workload_list(s.workloads))
      << ". Default: " << roff(s.show_default(Config{})) << ".\n";
}

constexpr const char* kEnvironment[][2] = {
    {"PGHOST, PGPORT, PGUSER, PGDATABASE, PGPASSWORD, PGPASSFILE",
     "Read by libpq for whatever the connection (--conn, the props file) leaves out, as psql "
     "and pgbench read them; a password is never printed."},
};

constexpr const char* kFiles[][2] = {
    {"result.json", "The run's figures, its verdicts, its environment and its health."},
    {"intervals.csv", "One row per report interval: throughput and latency per type."},
    {"config.json", "Every setting the run used, as the options table reads it back."},
    {"histograms.json", "The latency counts in full, for percentiles and merges."},
    {"report.html", "The run's page; tpcc report DIR draws it again."},
};

constexpr const char* kExamples[][2] = {
    {"tpcc quickstart", "Start a throwaway PostgreSQL, load, run briefly and report."},
    {"tpcc prepare --conn 'host=db1 dbname=tpcc' --warehouses 100",
     "Load 100 warehouses with COPY over parallel connections."},
    {"tpcc run --conn 'host=db1 dbname=tpcc' --terminals 100 --duration 600",
     "Drive 100 terminals for ten minutes; the results go to results/<time>/."},
    {"tpcc run props.pg", "Run as a BenchmarkSQL props file says."},
    {"tpcc pgbench -c 8 -j 2 -T 60 -S mydb", "pgbench's command line, run by tpcc."},
    {"tpcc oltp_read_write --tables=4 --table-size=100000 --threads=8 run",
     "sysbench's command line, run by tpcc."},
    {"tpcc report --compare results/a results/b", "Compare two runs on one page."},
};

}  // namespace

std::string man_page() {
  std::ostringstream out;
  out << ".TH TPCC 1 \"\" \"tpcc " << TPCC_VERSION << "\" \"User Commands\"\n"
      << ".SH NAME\n"
      << "tpcc \\- TPC\\-C, sysbench, pgbench and bulk\\-ingest benchmarks for PostgreSQL\n"
      << ".SH SYNOPSIS\n"
      << ".B tpcc\n.I COMMAND\n[\\fIPROPS\\fR] [\\fIoptions\\fR]\n.br\n"
      << ".B tpcc\n[\\fIoptions\\fR] \\fBprepare\\fR|\\fBrun\\fR|\\fBcleanup\\fR\n.br\n"
      << ".B tpcc\n.I TEST\n[\\fIoptions\\fR] \\fBprepare\\fR|\\fBrun\\fR|\\fBcheck\\fR|"
         "\\fBcleanup\\fR\n.br\n"
      << ".B tpcc pgbench\n[\\fIpgbench options\\fR] [\\fIDBNAME\\fR]\n.br\n"
      << ".B tpcc\n\\fICOMMAND\\fR \\fB\\-\\-help\\fR\n.br\n"
      << ".B tpcc \\-\\-version\n"
      << ".SH DESCRIPTION\n"
      << "tpcc loads and runs TPC\\-C on PostgreSQL (BenchmarkSQL's tables and props files), "
         "and on the same engine sysbench 1.0's oltp tests, pgbench 15's scripts and a bulk "
         "ingest, with their command lines.\n.PP\n"
      << roff(kSettingsLayers) << "\n"
      << ".SH COMMANDS\n";
  for (const VerbSummary& v : verb_summaries()) {
    out << ".TP\n.B " << verb_name(v.verb) << "\n" << roff(v.summary) << ".\n";
  }
  out << ".SH OPTIONS\n"
      << ".TP\n.BR \\-h \", \" \\-\\-help\nShow help; after a command, the help of that "
         "command.\n"
      << ".TP\n.BI \\-\\-props \" FILE\"\nThe props file; the same as the positional PROPS.\n";
  for (const char* section : sections()) {
    out << ".SS \"" << roff(section) << "\"\n";
    for (const Setting& s : settings()) {
      if (std::string(s.section) == section) option_entry(out, s);
    }
  }
  out << ".SH EXIT STATUS\n";
  for (const ExitStatusText& e : exit_statuses()) {
    out << ".TP\n.B " << e.status << "\n" << roff(e.meaning) << "\n";
  }
  out << ".SH ENVIRONMENT\n";
  for (const auto& [name, meaning] : kEnvironment) {
    out << ".TP\n.B " << roff(name) << "\n" << roff(meaning) << "\n";
  }
  out << ".SH FILES\nA run writes into its result directory (\\-\\-result\\-dir):\n";
  for (const auto& [name, meaning] : kFiles) {
    out << ".TP\n.I " << roff(name) << "\n" << roff(meaning) << "\n";
  }
  out << ".SH EXAMPLES\n";
  for (const auto& [command, meaning] : kExamples) {
    out << ".TP\n.B " << roff(command) << "\n" << roff(meaning) << "\n";
  }
  out << ".SH SEE ALSO\n.BR pgbench (1),\n.BR psql (1)\n";
  return out.str();
}

}  // namespace tpcc
