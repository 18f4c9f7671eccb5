#include "config/conn/hosts.hpp"

#include <optional>

#include "config/conn/conninfo.hpp"
#include "config/errors.hpp"

namespace tpcc {
namespace {

std::vector<std::string> comma_list(const std::optional<std::string>& value) {
  std::vector<std::string> items;
  if (!value) return items;
  std::size_t begin = 0;
  for (;;) {
    const std::size_t comma = value->find(',', begin);
    items.push_back(value->substr(begin, comma - begin));
    if (comma == std::string::npos) return items;
    begin = comma + 1;
  }
}

// The k-th of a list of one value per host, or its only value.
std::vector<std::string> per_host(const std::string& conninfo, const char* key, std::size_t hosts) {
  const std::vector<std::string> values = comma_list(conninfo_value(conninfo, key));
  if (values.size() > 1 && values.size() != hosts) {
    throw UsageError("--conn: " + std::string(key) + " lists " + std::to_string(values.size()) +
                     " values for " + std::to_string(hosts) +
                     " hosts; give one value, or one per host");
  }
  return values;
}

}  // namespace

std::vector<std::string> conninfo_per_host(const std::string& conninfo) {
  const std::vector<std::string> hosts = comma_list(conninfo_value(conninfo, "host"));
  if (hosts.size() <= 1) return {conninfo};
  const std::vector<std::string> ports = per_host(conninfo, "port", hosts.size());
  const std::vector<std::string> addresses = per_host(conninfo, "hostaddr", hosts.size());
  std::vector<std::string> each;
  for (std::size_t k = 0; k < hosts.size(); ++k) {
    std::string one = set_conninfo_value(conninfo, "host", hosts[k]);
    if (ports.size() > 1) one = set_conninfo_value(one, "port", ports[k]);
    if (addresses.size() > 1) one = set_conninfo_value(one, "hostaddr", addresses[k]);
    each.push_back(one);
  }
  return each;
}

std::string host_label(const std::string& single_host_conninfo) {
  const std::optional<std::string> host = conninfo_value(single_host_conninfo, "host");
  const std::optional<std::string> port = conninfo_value(single_host_conninfo, "port");
  if (!host && !port) return "(default)";
  return host.value_or("(default host)") + (port ? ":" + *port : "");
}

}  // namespace tpcc
