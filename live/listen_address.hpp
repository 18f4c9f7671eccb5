// --metrics-listen ADDR:PORT: where the live metrics are served. Loopback
// unless --metrics-listen-any: the metrics tell anyone who can reach them
// how the server is doing, and tpcc has no authentication to offer.
#pragma once

#include <string>

namespace tpcc {

struct ListenAddress {
  std::string address;  // an IP address, v4 or v6 (without brackets)
  unsigned short port = 0;
  bool loopback = false;
};

// "127.0.0.1:9187", "[::1]:9187", "localhost:9187" (127.0.0.1), ":9187" or
// "9187" (127.0.0.1); a port of 1..65535. A non-loopback address is refused
// unless any_address (--metrics-listen-any). Throws UsageError naming
// `flag`.
ListenAddress parse_listen_address(const std::string& text, bool any_address,
                                   const std::string& flag);

// "127.0.0.1:9187", "[::1]:9187".
std::string listen_address_text(const ListenAddress& address);

}  // namespace tpcc
