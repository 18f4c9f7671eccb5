// The options table, fleet part: tpcc fleet k8s's own options (the
// manifest of N drivers, app/fleet_command.cpp, docs/several-drivers.md).
// Every other option given to tpcc fleet is the drivers' own, passed on to
// their `tpcc run` or `tpcc prepare` and parsed again as theirs.
#include "config/command_line/fleet_args.hpp"
#include "config/settings/table_parts.hpp"
#include "config/settings/values.hpp"
#include "workloads/tpcc/config/tpcc_config.hpp"

namespace tpcc {
namespace {

using settings_table::kFleetSection;

constexpr VerbSet kFleet = verb_bit(Verb::Fleet);

// The most drivers one manifest starts: a Job's pods, each with its own
// terminals; beyond it the barrier's table is the bottleneck, not the client.
constexpr int kMostDrivers = 1000;

// A Kubernetes object name (RFC 1123 label): lower-case letters, digits
// and '-', starting and ending with a letter or digit.
std::string checked_object_name(const std::string& v, const std::string& where) {
  const bool plain =
      !v.empty() && v.size() <= 63 &&
      v.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") == std::string::npos &&
      v.front() != '-' && v.back() != '-';
  if (!plain) fail(where, v, "a Kubernetes name (lower-case letters, digits and '-', 1 to 63)");
  return v;
}

// What a container's image reference may hold: no blank, no quote.
std::string checked_image(const std::string& v, const std::string& where) {
  if (v.empty() || v.find_first_of(" \t\n\"'`$\\") != std::string::npos) {
    fail(where, v, "an image reference (registry/name:tag)");
  }
  return v;
}

// A quantity as Kubernetes writes storage: digits and a unit (1Gi, 500Mi).
std::string checked_size(const std::string& v, const std::string& where) {
  const std::size_t digits = v.find_first_not_of("0123456789");
  const std::string unit = digits == std::string::npos ? "" : v.substr(digits);
  const bool known = unit == "Mi" || unit == "Gi" || unit == "Ti" || unit == "M" || unit == "G";
  if (digits == 0 || digits == std::string::npos || !known) {
    fail(where, v, "a storage size (digits and Mi, Gi, Ti, M or G: 1Gi)");
  }
  return v;
}

}  // namespace

namespace settings_table {

void add_fleet(std::vector<Setting>& s) {
  add(
      s, "drivers", "N", {}, kFleet, kTpccOnly, kFleetSection,
      "The number of drivers tpcc fleet k8s starts: an Indexed Job of N pods, pod K running "
      "tpcc run (or prepare) --driver K+1/N (1..1000; required).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.fleet.drivers = parse_int(v, 1, kMostDrivers, src.where);
      },
      [](const Config&) { return std::string("none (required)"); })
      .json = json_none(kJsonOtherVerb);
  add(
      s, "verb", "run|prepare|merge", {}, kFleet, kTpccOnly, kFleetSection,
      "What tpcc fleet k8s's manifest does: run (the drivers of one run, each writing its "
      "result directory to the results volume), prepare (each driver loads its slice) or merge "
      "(one Job running tpcc report --merge over the run's result directories on the volume, "
      "once the run's Job is complete).",
      [](const std::string& v, const Source& src, ParseState& st) {
        const int choice = parse_choice(v, {"run", "prepare", "merge"}, src.where);
        st.cfg.fleet.verb = choice == 1 ? Verb::Prepare : Verb::Run;
        st.cfg.fleet.merge = choice == 2;
      },
      [](const Config&) { return std::string("run"); })
      .json = json_none(kJsonOtherVerb);
  add(
      s, "image", "IMAGE", {}, kFleet, kTpccOnly, kFleetSection,
      "The container image of the pods, one with tpcc on its path (packaging/image.sh builds "
      "one: docs/install.md).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.fleet.image = checked_image(v, src.where);
      },
      [](const Config&) { return fleet_default_image(); })
      .json = json_none(kJsonOtherVerb);
  add(
      s, "secret", "NAME", {}, kFleet, kTpccOnly, kFleetSection,
      "The Kubernetes Secret whose key conn holds the drivers' conninfo; the pods read it into "
      "$TPCC_CONN. The conninfo itself is never written in the manifest (--conn is refused).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.fleet.secret = checked_object_name(v, src.where);
      },
      [](const Config& c) { return c.fleet.secret; })
      .json = json_none(kJsonOtherVerb);
  add(
      s, "results-size", "SIZE", {}, kFleet, kTpccOnly, kFleetSection,
      "The storage tpcc fleet k8s --verb run claims for the drivers' result directories (a "
      "PersistentVolumeClaim, ReadWriteMany: every pod writes to it).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.fleet.results_size = checked_size(v, src.where);
      },
      [](const Config& c) { return c.fleet.results_size; })
      .json = json_none(kJsonOtherVerb);
  add(
      s, "output", "FILE", {}, kFleet, kTpccOnly, kFleetSection,
      "Write tpcc fleet's manifest to FILE instead of the standard output.",
      [](const std::string& v, const Source&, ParseState& st) { st.cfg.fleet.output = v; },
      [](const Config&) { return std::string("the standard output"); })
      .json = json_none(kJsonOtherVerb);
}

}  // namespace settings_table
}  // namespace tpcc
