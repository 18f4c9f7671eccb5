#include "config/command_line/options.hpp"

#include <algorithm>
#include <boost/program_options.hpp>
#include <iostream>
#include <utility>
#include <vector>

#include "config/build_info.hpp"
#include "config/command_line/command_word.hpp"
#include "config/command_line/fleet_args.hpp"
#include "config/command_line/props_apply.hpp"
#include "config/command_line/suggest.hpp"
#include "config/errors.hpp"
#include "config/finish/finish.hpp"
#include "config/names.hpp"
#include "config/props/props.hpp"
#include "config/settings/settings.hpp"
#include "config/sweep_grid.hpp"
#include "workloads/pgbench/config/pgbench_line.hpp"

namespace po = boost::program_options;

namespace tpcc {
namespace {

bool takes(const Setting& s, Verb verb) { return s.flag != nullptr && verb_takes(s, verb); }

std::string verb_list(VerbSet verbs) {
  std::string out;
  for (const Verb v :
       {Verb::Prepare, Verb::Run, Verb::Check, Verb::Cleanup, Verb::Quickstart, Verb::Acid,
        Verb::Report, Verb::Snapshot, Verb::Capacity, Verb::Sweep, Verb::Curve, Verb::Fleet}) {
    if (verbs & verb_bit(v)) out += (out.empty() ? "" : ", ") + std::string(verb_name(v));
  }
  return out;
}

std::string see_help(Verb verb) { return "see 'tpcc " + std::string(verb_name(verb)) + " --help'"; }

// Boost cannot give a switch an optional attached value without letting it
// swallow the next word, so "--foreign-keys=false" is taken out beforehand.
std::vector<std::pair<const Setting*, std::string>> take_switch_values(
    std::vector<std::string>& args, Verb verb) {
  std::vector<std::pair<const Setting*, std::string>> out;
  std::vector<std::string> rest;
  for (const auto& a : args) {
    const auto eq = a.find('=');
    if (a.rfind("--", 0) == 0 && eq != std::string::npos) {
      const std::string name = a.substr(2, eq - 2);
      const auto& all = settings();
      const auto it = std::find_if(all.begin(), all.end(), [&](const Setting& s) {
        return takes(s, verb) && s.is_switch() && name == s.flag;
      });
      if (it != all.end()) {
        out.emplace_back(&*it, a.substr(eq + 1));
        continue;
      }
    }
    rest.push_back(a);
  }
  args = std::move(rest);
  return out;
}

// sysbench treats - and _ in a flag's name alike: a flag written by its
// twin (--table_size) is renamed to the table's spelling before Boost sees
// it, and remembered so that messages name it as written.
std::vector<std::string> rename_twins(std::vector<std::string>& args) {
  std::vector<std::string> renamed;
  for (auto& a : args) {
    if (a.rfind("--", 0) != 0) continue;
    const auto eq = a.find('=');
    const std::string name = a.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
    for (const auto& s : settings()) {
      if (s.twin == nullptr || name != s.twin) continue;
      a = "--" + std::string(s.flag) + (eq == std::string::npos ? "" : a.substr(eq));
      renamed.emplace_back(s.flag);
      break;
    }
  }
  return renamed;
}

// sysbench's default password is empty, and its command lines may say so
// ("--pgsql-password="); Boost refuses an empty attached value, so it is
// passed as a separate empty argument. Other flags keep Boost's refusal.
void split_empty_password(std::vector<std::string>& args) {
  constexpr const char* kEmptyPassword = "--pgsql-password=";
  const auto it = std::find(args.begin(), args.end(), kEmptyPassword);
  if (it == args.end()) return;
  *it = "--pgsql-password";
  args.insert(std::next(it), std::string());
}

po::options_description describe_flags(Verb verb) {
  po::options_description desc;
  desc.add_options()("help,h", po::bool_switch())("props", po::value<std::string>());
  for (const auto& s : settings()) {
    if (!takes(s, verb)) continue;
    if (s.is_switch()) {
      desc.add_options()(s.flag, po::bool_switch());
    } else if (s.repeat == Repeat::Many) {
      desc.add_options()(s.flag, po::value<std::vector<std::string>>()->multitoken()->composing());
    } else if (s.repeat != Repeat::Once) {
      desc.add_options()(s.flag, po::value<std::vector<std::string>>()->composing());
    } else {
      desc.add_options()(s.flag, po::value<std::string>());
    }
  }
  return desc;
}

[[noreturn]] void unknown_option(const std::string& option, Verb verb) {
  std::string name = option;
  name.erase(0, name.find_first_not_of('-'));
  name.erase(std::min(name.size(), name.find('=')));  // Boost keeps "--flag=value" whole
  std::vector<std::string> flags;
  for (const auto& s : settings()) {
    if (s.flag != nullptr && name == s.flag) {
      throw UsageError("option '" + option + "' is not for 'tpcc " + std::string(verb_name(verb)) +
                       "'; it is an option of " + verb_list(s.verbs) + " (" + see_help(verb) + ")");
    }
    if (takes(s, verb)) flags.emplace_back(s.flag);
  }
  const auto near = nearest_name(name, flags);
  throw UsageError("unknown option '" + option + "' for 'tpcc " + std::string(verb_name(verb)) +
                   "'" + (near ? "; did you mean --" + *near + "?" : "") + " (" + see_help(verb) +
                   ")");
}

po::variables_map parse_flags(const std::vector<std::string>& args, Verb verb) {
  const auto desc = describe_flags(verb);
  po::positional_options_description positional;
  positional.add("props", 1);
  const int style = po::command_line_style::default_style & ~po::command_line_style::allow_guessing;
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(desc).positional(positional).style(style).run(),
              vm);
  } catch (const po::unknown_option& e) {
    unknown_option(e.get_option_name(), verb);
  } catch (const po::too_many_positional_options_error&) {
    throw UsageError("only one props file may be given (" + see_help(verb) + ")");
  } catch (const po::error& e) {
    throw UsageError(std::string(e.what()) + " (" + see_help(verb) + ")");
  }
  return vm;
}

void apply_flag(const Setting& s, const std::string& value, ParseState& st) {
  const auto& twins = st.flags_given_as_twin;
  const bool as_twin = std::find(twins.begin(), twins.end(), s.flag) != twins.end();
  const std::string written = as_twin ? s.twin : s.flag;
  st.collect([&] { apply_setting(s, value, Source{Layer::Flag, written, "--" + written}, st); });
}

void apply_flags(const po::variables_map& vm, Verb verb, ParseState& st) {
  for (const auto& s : settings()) {
    if (!takes(s, verb) || vm.count(s.flag) == 0 || vm[s.flag].defaulted()) continue;
    if (s.is_switch()) {
      if (vm[s.flag].as<bool>()) apply_flag(s, "true", st);
    } else if (s.repeat == Repeat::Join) {
      std::string value;
      for (const auto& part : vm[s.flag].as<std::vector<std::string>>()) {
        value += (value.empty() ? "" : ",") + part;
      }
      apply_flag(s, value, st);
    } else if (s.repeat == Repeat::Each || s.repeat == Repeat::Many) {
      for (const auto& value : vm[s.flag].as<std::vector<std::string>>()) apply_flag(s, value, st);
    } else {
      apply_flag(s, vm[s.flag].as<std::string>(), st);
    }
  }
}

// One problem is reported as it is; several as a list under a count.
[[noreturn]] void report_problems(const std::vector<std::string>& problems) {
  if (problems.size() == 1) throw UsageError(problems.front());
  std::string message = std::to_string(problems.size()) + " problems in the configuration:";
  for (const auto& p : problems) message += "\n  " + p;
  throw UsageError(message);
}

Config parse_verb_arguments(Verb verb, std::vector<std::string> args, std::ostream& warnings,
                            const std::vector<SweepValue>* point_values);

// Warnings of a point's parse were given by the sweep's own.
std::ostream& null_stream() {
  static std::ostream none(nullptr);
  return none;
}

void apply_point_values(const std::vector<SweepValue>& values, ParseState& st) {
  for (const SweepValue& v : values) {
    const auto& all = settings();
    const auto it = std::find_if(all.begin(), all.end(), [&](const Setting& s) {
      return s.flag != nullptr && v.name == s.flag;
    });
    if (it != all.end()) apply_flag(*it, v.value, st);
  }
}

std::string values_text(const std::vector<SweepValue>& values) {
  std::string out;
  for (const SweepValue& v : values) out += (out.empty() ? "" : ",") + v.name + "=" + v.value;
  return out;
}

// --vary-define: not a variable one --define fixes (the option is
// pgbench's, refused by its row under another workload).
void check_varied_variable(const SweepAxis& axis, ParseState& st) {
  for (const std::string& define : st.cfg.pgbench.defines) {
    if (define.rfind(axis.name + "=", 0) != 0) continue;
    st.problem("--vary-define " + axis.name + ": --define " + define +
               " fixes it too; a sweep's variable is either varied or fixed");
  }
}

// --vary of a load (warehouses, scale, tables, table-size): one the
// workload loads by, into databases of its own, which a sweep creates only
// where --conn names.
void check_varied_load(const SweepAxis& axis, ParseState& st) {
  const Config& c = st.cfg;
  const std::vector<std::string> loads = sweep_load_axes(c.workload);
  if (std::find(loads.begin(), loads.end(), axis.name) == loads.end()) {
    std::string theirs;
    for (const std::string& l : loads) theirs += (theirs.empty() ? "" : ", ") + l;
    st.problem(
        "--vary " + axis.name + ": not a load of " + std::string(workload_name(c)) +
        "'s, which a sweep varies by " +
        (theirs.empty() ? std::string("none of them (its runs make their own tables)") : theirs) +
        "; nothing was done");
    return;
  }
  if (!st.conn) {
    st.problem("--vary " + axis.name +
               ": a sweep over loads creates a database for each, so it needs --conn (props "
               "conn) naming the working database; it never takes the PG* environment's");
  }
}

// tpcc sweep as a whole: a directory to continue in, axes, and every point
// a run tpcc run would take. Each value is parsed as its option's flag
// would be, so that its own checks (and the cross-checks of finish_config)
// name it; then each combination, for checks between two varied options.
void check_sweep(ParseState& st) {
  const Config& c = st.cfg;
  if (c.sweep_axes.empty() && st.problems.empty()) {
    st.problem(
        "tpcc sweep: give what to vary: --vary NAME=V1,V2,..., --vary-setting "
        "GUC=V1,V2,... or --vary-define NAME=V1,V2,... (see 'tpcc sweep --help')");
  }
  if (c.result_dir.empty()) {
    st.problem(
        "--result-dir: tpcc sweep needs one: the directory its points are written to, "
        "and where the same command continues an interrupted sweep");
  }
  if (!c.json_file.empty()) {
    st.problem(
        "--json: not for tpcc sweep: each point's result.json is in its directory, and "
        "the sweep's in --result-dir");
  }
  if (c.driver_count > 0) {
    st.problem(
        "--driver: tpcc sweep drives each point's run itself; several drivers cannot "
        "sweep each on their own");
  }
  for (const SweepAxis& axis : c.sweep_axes) {
    if (axis.kind == SweepAxisKind::ScriptVariable) {
      check_varied_variable(axis, st);
      continue;
    }
    if (axis.server_setting()) continue;
    if (sweep_load_axis(axis.name)) check_varied_load(axis, st);
    const std::optional<Source> given = st.given.source(axis.name);
    if (given && given->layer == Layer::Flag) {
      st.problem("--vary " + axis.name + ": --" + axis.name +
                 " is given too; a sweep's option is either varied or fixed");
    }
  }
  if (!st.problems.empty()) return;
  for (const SweepAxis& axis : c.sweep_axes) {
    if (axis.server_setting()) continue;
    for (const std::string& value : axis.values) {
      const std::vector<SweepValue> one = {sweep_point_value(axis, value)};
      st.collect([&] {
        try {
          parse_verb_arguments(Verb::Sweep, c.sweep_args, null_stream(), &one);
        } catch (const UsageError& e) {
          throw UsageError(std::string(sweep_axis_flag(axis.kind)) + " " + axis.name + "=" + value +
                           ": " + e.what());
        }
      });
    }
  }
  if (!st.problems.empty()) return;
  for (const std::vector<std::string>& point : sweep_grid(c.sweep_axes)) {
    const std::vector<SweepValue> values = sweep_run_values(c.sweep_axes, point);
    if (values.size() < 2) break;  // each value alone was checked above
    try {
      parse_verb_arguments(Verb::Sweep, c.sweep_args, null_stream(), &values);
    } catch (const UsageError& e) {
      st.problem("--vary: the point " + values_text(values) + ": " + e.what());
      return;
    }
  }
}

// tpcc fleet: the drivers' options are parsed as each driver's tpcc run
// (or prepare) would parse them, with --driver 1/N, so that a manifest
// never starts N pods bound to refuse their options.
void check_fleet(const std::vector<std::string>& given_args, ParseState& st,
                 std::ostream& warnings) {
  FleetPlan& fleet = st.cfg.fleet;
  for (const std::string& refused : fleet_refused_args(given_args)) st.problem(refused);
  for (const std::string& problem : fleet_plan_problems(st.cfg)) st.problem(problem);
  if (fleet.image.empty()) fleet.image = fleet_default_image();
  if (!st.problems.empty()) return;
  std::vector<std::string> driver = fleet.args;
  // The pods' --conn "$TPCC_CONN": a conninfo from the Secret, unknown here.
  driver.insert(driver.end(), {"--driver", "1/" + std::to_string(fleet.drivers), "--conn",
                               "host=the-secrets-host"});
  st.collect([&] {
    try {
      parse_verb_arguments(fleet.verb, driver, warnings, nullptr);
    } catch (const UsageError& e) {
      throw UsageError("the drivers' tpcc " + std::string(verb_name(fleet.verb)) + ": " + e.what());
    }
  });
}

// The flags and props of one verb (the command word taken off); for a
// point of a sweep, point_values are given last, as --NAME VALUE flags
// that replace what the command line or props gave.
Config parse_verb_arguments(Verb verb, std::vector<std::string> args, std::ostream& warnings,
                            const std::vector<SweepValue>* point_values) {
  const std::vector<std::string> given_args = args;
  const std::vector<std::string> twins = rename_twins(args);
  split_empty_password(args);
  const auto switch_values = take_switch_values(args, verb);
  const auto vm = parse_flags(args, verb);
  if (vm["help"].as<bool>()) throw HelpRequested{verb, help_text(verb)};

  ParseState st;
  st.flags_given_as_twin = twins;
  // tpcc sweep is a run's configuration with axes, tpcc curve one with a
  // ladder of rates (config.hpp).
  st.cfg.verb = verb == Verb::Sweep || verb == Verb::Curve ? Verb::Run : verb;
  if (verb == Verb::Fleet) st.cfg.fleet.args = fleet_driver_args(given_args);
  st.cfg.sweep = verb == Verb::Sweep && point_values == nullptr;
  st.cfg.curve = verb == Verb::Curve;
  if (st.cfg.sweep) st.cfg.sweep_args = given_args;
  // tpcc fleet warns as its drivers would (check_fleet), not as itself.
  st.warnings = verb == Verb::Fleet ? &null_stream() : &warnings;
  if (verb == Verb::Fleet && vm.count("props") != 0) {
    throw UsageError(
        "tpcc fleet: a props file is not read into the manifest (the pods have no "
        "copy of it); give the drivers' options on the command line");
  }
  if (verb == Verb::Report && vm.count("props") != 0) {
    // tpcc report DIR: the positional word is a result directory.
    st.cfg.report_dir = vm["props"].as<std::string>();
  } else if (vm.count("props") != 0) {
    const auto path = vm["props"].as<std::string>();
    st.cfg.props_file = path;
    const Props props = read_props_file(path);
    refuse_without_known_keys(props, verb);
    apply_props(props, st);
  }
  apply_flags(vm, verb, st);
  for (const auto& [s, value] : switch_values) apply_flag(*s, value, st);

  if (point_values != nullptr) apply_point_values(*point_values, st);
  finish_config(st);
  if (st.cfg.sweep) check_sweep(st);
  if (verb == Verb::Fleet && point_values == nullptr) check_fleet(given_args, st, warnings);
  if (!st.problems.empty()) report_problems(st.problems);
  return st.cfg;
}

}  // namespace

Config parse_command_line(int argc, const char* const argv[]) {
  return parse_command_line(argc, argv, std::cerr);
}

Config parse_command_line(int argc, const char* const argv[], std::ostream& warnings) {
  std::vector<std::string> args(argv + 1, argv + argc);
  // `tpcc pgbench ...`: pgbench's own command line (workloads/pgbench/config/pgbench_line.hpp).
  PgbenchLine pgbench;
  if (!args.empty() && args.front() == "pgbench") {
    pgbench = pgbench_line_as_tpcc({args.begin() + 1, args.end()});
    args = pgbench.args;
  }
  args = command_word_first(std::move(args));
  if (args.empty()) {
    throw UsageError(
        "missing command: prepare, run, check, cleanup, quickstart, acid, report, snapshot, "
        "capacity, sweep, curve or fleet "
        "(see 'tpcc --help')");
  }
  const std::string first = args.front();
  if (first == "--version" || first == "-V") {
    throw HelpRequested{std::nullopt, version_text()};
  }
  if (first == "-h" || first == "--help" || first == "help") {
    std::optional<Verb> verb;
    if (first == "help" && args.size() > 1) {
      verb = parse_verb(args[1]);
      if (!verb) throw UsageError("no help for unknown command '" + args[1] + "'");
    }
    throw HelpRequested{verb, help_text(verb)};
  }
  const auto verb = parse_verb(first);
  if (!verb) {
    throw UsageError(
        "unknown command '" + first +
        "'; expected prepare, run, check, cleanup, quickstart, acid, report, snapshot, capacity, "
        "sweep, curve or fleet; "
        "sysbench's prepare, run and cleanup may also come last (see 'tpcc --help')");
  }

  args.erase(args.begin());
  const std::string target = *verb == Verb::Fleet ? take_fleet_target(args) : "";
  Config config = parse_verb_arguments(*verb, args, warnings, nullptr);
  config.fleet.target = target;
  config.notes.insert(config.notes.begin(), pgbench.notes.begin(), pgbench.notes.end());
  return config;
}

Config sweep_point_config(const Config& sweep, const std::vector<SweepValue>& run_values) {
  Config point = parse_verb_arguments(Verb::Sweep, sweep.sweep_args, null_stream(), &run_values);
  point.sweep = false;
  point.sweep_axes.clear();
  point.sweep_args.clear();
  return point;
}

}  // namespace tpcc
