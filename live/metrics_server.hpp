// The live metrics' HTTP listener: a minimal HTTP/1.0-1.1 server on a
// thread of its own (Boost.Asio). GET /metrics answers 200 with the text
// the body callable gives (Prometheus's text format, version 0.0.4);
// anything else 404. One request per connection, then it closes.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <thread>

#include "live/listen_address.hpp"

namespace tpcc {

// The whole response to one request whose head (request line and headers)
// is `head`: the body's text for GET /metrics (a query string allowed),
// 404 for any other request.
std::string http_response(const std::string& head, const std::function<std::string()>& body);

class MetricsServer {
 public:
  // Binds and listens at once; throws UsageError naming `flag` and the
  // address when it cannot (the port in use, an address not of this host).
  MetricsServer(const ListenAddress& address, std::function<std::string()> body,
                const std::string& flag);
  ~MetricsServer();  // stops serving
  MetricsServer(const MetricsServer&) = delete;
  MetricsServer& operator=(const MetricsServer&) = delete;

  // The port listened on.
  unsigned short port() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
  std::thread thread_;
};

}  // namespace tpcc
