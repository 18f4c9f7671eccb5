#include "config/options.hpp"

#include <algorithm>
#include <boost/program_options.hpp>
#include <iostream>
#include <vector>

#include "config/conninfo.hpp"
#include "config/errors.hpp"
#include "config/jdbc.hpp"
#include "config/names.hpp"
#include "config/props.hpp"
#include "config/settings.hpp"
#include "config/values.hpp"

namespace po = boost::program_options;

namespace tpcc {
namespace {

constexpr std::array<double, kTxnTypes> kReadOnlyMix = {0, 0, 50, 0, 50};

bool takes(const Setting& s, Verb verb) { return s.flag != nullptr && (s.verbs & verb_bit(verb)); }

// Lists of table=value pairs may be split over several flags.
bool is_composing(const Setting& s) {
  return std::string(s.flag) == "fillfactor" || std::string(s.flag) == "tablespace";
}

std::string verb_list(VerbSet verbs) {
  std::string out;
  for (const Verb v : {Verb::Prepare, Verb::Run, Verb::Check, Verb::Cleanup, Verb::Quickstart}) {
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

po::options_description describe_flags(Verb verb) {
  po::options_description desc;
  desc.add_options()("help,h", po::bool_switch())("props", po::value<std::string>());
  for (const auto& s : settings()) {
    if (!takes(s, verb)) continue;
    if (s.is_switch()) {
      desc.add_options()(s.flag, po::bool_switch());
    } else if (is_composing(s)) {
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
  for (const auto& s : settings()) {
    if (s.flag != nullptr && name == s.flag) {
      throw UsageError("option '" + option + "' is not for 'tpcc " + std::string(verb_name(verb)) +
                       "'; it is an option of " + verb_list(s.verbs) + " (" + see_help(verb) + ")");
    }
  }
  throw UsageError("unknown option '" + option + "' for 'tpcc " + std::string(verb_name(verb)) +
                   "' (" + see_help(verb) + ")");
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

void apply_props(const Props& props, ParseState& st) {
  for (const auto& e : props.entries()) {
    if (const Setting* s = setting_for_props_key(e.key)) {
      s->apply(e.value, Source{Layer::Props, e.key, e.where() + ": key '" + e.key + "'"}, st);
    } else if (!is_ignored_props_key(e.key)) {
      *st.warnings << "tpcc: " << e.where() << ": warning: unknown key '" << e.key << "' ignored\n";
    }
  }
}

void apply_flags(const po::variables_map& vm, Verb verb, ParseState& st) {
  for (const auto& s : settings()) {
    if (!takes(s, verb) || vm.count(s.flag) == 0 || vm[s.flag].defaulted()) continue;
    std::string value;
    if (s.is_switch()) {
      if (!vm[s.flag].as<bool>()) continue;
      value = "true";
    } else if (is_composing(s)) {
      for (const auto& part : vm[s.flag].as<std::vector<std::string>>()) {
        value += (value.empty() ? "" : ",") + part;
      }
    } else {
      value = vm[s.flag].as<std::string>();
    }
    s.apply(value, Source{Layer::Flag, s.flag, std::string("--") + s.flag}, st);
  }
}

// JDBC translation and the props user/password, once every layer is in.
std::string resolve_conninfo(const std::string& raw, const std::string& where, ParseState& st) {
  std::string conninfo = raw;
  if (is_jdbc_url(raw)) {
    const auto t = jdbc_to_conninfo(raw, where);
    for (const auto& p : t.ignored_parameters) {
      *st.warnings << "tpcc: " << where << ": warning: JDBC parameter '" << p
                   << "' has no libpq equivalent; ignored\n";
    }
    conninfo = t.conninfo;
  }
  return add_credentials(conninfo, st.user, st.password);
}

// BenchmarkSQL weights: with newOrderWeight given, the five must sum to 100;
// without it (BenchmarkSQL 6), New-Order takes what the others leave.
void finish_props_weights(ParseState& st) {
  const bool any = std::any_of(st.props_weights.begin(), st.props_weights.end(),
                               [](const auto& w) { return w.has_value(); });
  if (!any || (st.mix_source && st.mix_source->layer == Layer::Flag)) return;
  auto mix = st.cfg.mix;
  for (std::size_t i = 0; i < mix.size(); ++i) {
    if (st.props_weights[i]) mix[i] = *st.props_weights[i];
  }
  double sum = 0;
  for (const double w : mix) sum += w;
  const std::string keys =
      "newOrderWeight, paymentWeight, orderStatusWeight, deliveryWeight, stockLevelWeight";
  if (!st.props_weights[kNewOrder]) {
    mix[kNewOrder] = 100.0 - (sum - mix[kNewOrder]);
    if (mix[kNewOrder] < -1e-9) {
      throw UsageError(st.weights_where + ": the mix weights (" + keys + ") leave " +
                       format_number(mix[kNewOrder]) +
                       " for New-Order; the others must sum to 100 or less");
    }
    mix[kNewOrder] = std::max(0.0, mix[kNewOrder]);
  } else if (!mix_sums_to_100(mix)) {
    throw UsageError(st.weights_where + ": the mix weights (" + keys + ") are " + format_mix(mix) +
                     " and sum to " + format_number(sum) + ", not 100");
  }
  st.cfg.mix = mix;
  st.mix_source = Source{Layer::Props, "newOrderWeight", st.weights_where};
}

void finish_profile(ParseState& st) {
  if (st.cfg.profile != Profile::ReadOnly) return;
  // A mix counts only from the profile's layer or above: --profile ro beats
  // the weights of a BenchmarkSQL props file.
  const bool mix_applies = st.mix_source && (st.mix_source->layer == Layer::Flag ||
                                             st.profile_source->layer == Layer::Props);
  if (!mix_applies) {
    st.cfg.mix = kReadOnlyMix;
    return;
  }
  const auto& m = st.cfg.mix;
  if (m[kNewOrder] > 0 || m[kPayment] > 0 || m[kDelivery] > 0) {
    throw UsageError(st.profile_source->where + ": profile ro runs only Order-Status and " +
                     "Stock-Level, but the mix from " + st.mix_source->where + " is " +
                     format_mix(m) + " (give New-Order, Payment and Delivery weight 0)");
  }
}

void finish_run(ParseState& st) {
  Config& c = st.cfg;
  const auto& dur = st.duration_source;
  const auto& txns = st.txns_source;
  if (dur && txns && dur->layer == txns->layer && c.duration_seconds > 0 &&
      c.txns_per_terminal > 0) {
    throw UsageError(dur->where +
                     ": give either a run duration or a transaction count per "
                     "terminal (" +
                     txns->where + "), not both");
  }
  // A duration on the command line overrides a props transaction count.
  if (dur && dur->layer == Layer::Flag && (!txns || txns->layer == Layer::Props)) {
    c.txns_per_terminal = 0;
  }
  if (c.txns_per_terminal == 0 && c.duration_seconds <= 0) {
    throw UsageError((dur ? dur->where : std::string("--duration")) +
                     ": the run needs a duration > 0 or a transaction count per terminal "
                     "(--txns-per-terminal, props runTxnsPerTerminal)");
  }
  if (c.connections > c.terminals) {
    throw UsageError(st.connections_source->where + ": " + std::to_string(c.connections) +
                     " connections is more than the " + std::to_string(c.terminals) + " terminals");
  }
}

}  // namespace

Config parse_command_line(int argc, const char* const argv[]) {
  return parse_command_line(argc, argv, std::cerr);
}

Config parse_command_line(int argc, const char* const argv[], std::ostream& warnings) {
  if (argc < 2) {
    throw UsageError(
        "missing command: prepare, run, check, cleanup or quickstart "
        "(see 'tpcc --help')");
  }
  const std::string first = argv[1];
  if (first == "--version" || first == "-V") {
    throw HelpRequested{std::nullopt, std::string("tpcc ") + TPCC_VERSION + "\n"};
  }
  if (first == "-h" || first == "--help" || first == "help") {
    std::optional<Verb> verb;
    if (first == "help" && argc > 2) {
      verb = parse_verb(argv[2]);
      if (!verb) throw UsageError(std::string("no help for unknown command '") + argv[2] + "'");
    }
    throw HelpRequested{verb, help_text(verb)};
  }
  const auto verb = parse_verb(first);
  if (!verb) {
    throw UsageError("unknown command '" + first +
                     "'; expected prepare, run, check, cleanup or quickstart "
                     "(see 'tpcc --help')");
  }

  std::vector<std::string> args(argv + 2, argv + argc);
  const auto switch_values = take_switch_values(args, *verb);
  const auto vm = parse_flags(args, *verb);
  if (vm["help"].as<bool>()) throw HelpRequested{verb, help_text(verb)};

  ParseState st;
  st.cfg.verb = *verb;
  st.warnings = &warnings;
  if (vm.count("props") != 0) {
    const auto path = vm["props"].as<std::string>();
    st.cfg.props_file = path;
    apply_props(read_props_file(path), st);
  }
  apply_flags(vm, *verb, st);
  for (const auto& [s, value] : switch_values) {
    s->apply(value, Source{Layer::Flag, s->flag, std::string("--") + s->flag}, st);
  }

  st.cfg.conninfo = resolve_conninfo(st.conn.value_or(""), st.conn_where, st);
  finish_props_weights(st);
  finish_profile(st);
  if (*verb == Verb::Run || *verb == Verb::Quickstart) finish_run(st);
  return st.cfg;
}

}  // namespace tpcc
