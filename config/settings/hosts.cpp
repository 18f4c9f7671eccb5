// The options table, several primaries part: a --conn that lists several
// hosts, each a primary of its own, with the terminals spread over them.
#include "config/names.hpp"
#include "config/settings/table_parts.hpp"
#include "config/settings/values.hpp"

namespace tpcc::settings_table {
namespace {

// In the order --host-policy first|round-robin|random names them.
constexpr std::array<HostPolicy, 3> kHostPolicies = {HostPolicy::First, HostPolicy::RoundRobin,
                                                     HostPolicy::Random};

}  // namespace

void add_hosts(std::vector<Setting>& s) {
  add(
      s, "host-policy", "first|round-robin|random", {"hostPolicy"}, kRun, kAllWorkloads,
      kRunSection,
      "How the terminals use a --conn that lists several hosts ('host=a,b,c'). first: libpq's "
      "way, every connection to the first host that answers, and to the next after a failure "
      "(a failover; see --failover). round-robin: connection k to host k mod H, every host a "
      "primary of its own (a Citus cluster, whose every node can coordinate, or a "
      "multi-primary system); random: each connection to a host drawn at random (seeded by "
      "--seed). With round-robin and random each host's figures are reported beside the "
      "total, and a lost host is an outage of its connections only.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.host_policy = kHostPolicies[static_cast<std::size_t>(
            parse_choice(v, {"first", "round-robin", "random"}, src.where))];
      },
      [](const Config& c) { return std::string(host_policy_name(c.host_policy)); })
      .json = json_enum<&Config::host_policy, host_policy_name, HostPolicy::First,
                        HostPolicy::RoundRobin, HostPolicy::Random>("run", "host_policy");
}

}  // namespace tpcc::settings_table
