// --host-policy against what --conn lists: spreading the terminals needs
// several hosts, and a failover (libpq moving between hosts) needs the
// hosts left to libpq.
#include "config/conn/hosts.hpp"
#include "config/errors.hpp"
#include "config/finish/finish.hpp"
#include "config/names.hpp"

namespace tpcc {

void finish_hosts(ParseState& st) {
  const HostPolicy policy = st.cfg.host_policy;
  if (policy == HostPolicy::First) return;
  const std::optional<Source> given = st.given.source("host-policy");
  const std::string where = (given ? given->where : std::string("--host-policy")) + " " +
                            std::string(host_policy_name(policy));
  st.collect([&] {
    if (conninfo_per_host(st.cfg.conninfo).size() < 2) {
      throw UsageError(where +
                       ": --conn names one host; list the primaries to spread the terminals "
                       "over, e.g. 'host=a,b,c port=5432'");
    }
  });
  if (st.cfg.failover) {
    st.collect([&] {
      throw UsageError(where +
                       " with --failover: a failover leaves the choice of host to libpq "
                       "(--host-policy first); spreading the terminals pins each to its host");
    });
  }
}

}  // namespace tpcc
