#include "live/listen_address.hpp"

#include <boost/asio/ip/address.hpp>

#include "config/errors.hpp"

namespace tpcc {
namespace {

constexpr const char* kLoopback = "127.0.0.1";

unsigned short parse_port(const std::string& text, const std::string& where) {
  if (text.empty() || text.size() > 5 ||
      text.find_first_not_of("0123456789") != std::string::npos) {
    throw UsageError(where + ": the port '" + text + "' is not a number of 1..65535");
  }
  const long port = std::stol(text);
  if (port < 1 || port > 65535) {
    throw UsageError(where + ": the port " + text + " is not in 1..65535");
  }
  return static_cast<unsigned short>(port);
}

}  // namespace

ListenAddress parse_listen_address(const std::string& text, bool any_address,
                                   const std::string& flag) {
  const std::string where = flag + " '" + text + "'";
  std::string host;
  std::string port;
  if (!text.empty() && text.front() == '[') {
    const std::size_t close = text.find(']');
    if (close == std::string::npos || close + 1 >= text.size() || text[close + 1] != ':') {
      throw UsageError(where + ": expected [IPv6]:PORT");
    }
    host = text.substr(1, close - 1);
    port = text.substr(close + 2);
  } else {
    const std::size_t colon = text.rfind(':');
    if (colon == std::string::npos) {
      port = text;
    } else {
      if (text.find(':') != colon) throw UsageError(where + ": an IPv6 address goes in brackets");
      host = text.substr(0, colon);
      port = text.substr(colon + 1);
    }
  }
  ListenAddress result;
  result.port = parse_port(port, where);
  if (host.empty() || host == "localhost") host = kLoopback;
  boost::system::error_code error;
  const boost::asio::ip::address ip = boost::asio::ip::make_address(host, error);
  if (error) {
    throw UsageError(where + ": '" + host + "' is not an IP address (or localhost)");
  }
  result.address = ip.to_string();
  result.loopback = ip.is_loopback();
  if (!result.loopback && !any_address) {
    throw UsageError(where + ": " + result.address +
                     " is not a loopback address; the metrics would be open to anyone who "
                     "can reach it: add --metrics-listen-any to serve them there");
  }
  return result;
}

std::string listen_address_text(const ListenAddress& address) {
  const bool v6 = address.address.find(':') != std::string::npos;
  return (v6 ? "[" + address.address + "]" : address.address) + ":" + std::to_string(address.port);
}

}  // namespace tpcc
