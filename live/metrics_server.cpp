#include "live/metrics_server.hpp"

#include <chrono>
#include <sstream>
#include <utility>

#include <boost/asio.hpp>

#include "config/errors.hpp"

namespace tpcc {
namespace asio = boost::asio;
using asio::ip::tcp;

namespace {

// A request head longer than this is not a scrape.
constexpr std::size_t kMaxHeadBytes = 8192;
// A client that sends no whole request in this long is dropped, so an idle
// connection cannot hold its socket for the whole run.
constexpr auto kRequestTimeout = std::chrono::seconds(10);

std::string response(const char* status, const char* content_type, const std::string& body) {
  return std::string("HTTP/1.1 ") + status + "\r\nContent-Type: " + content_type +
         "\r\nContent-Length: " + std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" +
         body;
}

// One connection: reads the request head, writes the response, closes.
class Connection : public std::enable_shared_from_this<Connection> {
 public:
  Connection(tcp::socket socket, const std::function<std::string()>& body)
      : socket_(std::move(socket)), timer_(socket_.get_executor()), body_(body) {}

  void start() {
    auto self = shared_from_this();
    timer_.expires_after(kRequestTimeout);
    timer_.async_wait([self](const boost::system::error_code& ec) {
      if (!ec) self->close();
    });
    asio::async_read_until(
        socket_, asio::dynamic_buffer(head_, kMaxHeadBytes), "\r\n\r\n",
        [self](const boost::system::error_code& ec, std::size_t) { self->on_head(ec); });
  }

 private:
  void on_head(const boost::system::error_code& ec) {
    if (ec) {
      close();
      return;
    }
    reply_ = http_response(head_, body_);
    auto self = shared_from_this();
    asio::async_write(socket_, asio::buffer(reply_),
                      [self](const boost::system::error_code&, std::size_t) { self->close(); });
  }

  void close() {
    boost::system::error_code ignored;
    timer_.cancel();
    socket_.shutdown(tcp::socket::shutdown_both, ignored);
    socket_.close(ignored);
  }

  tcp::socket socket_;
  asio::steady_timer timer_;
  const std::function<std::string()>& body_;
  std::string head_;
  std::string reply_;
};

}  // namespace

std::string http_response(const std::string& head, const std::function<std::string()>& body) {
  std::istringstream in(head);
  std::string method;
  std::string target;
  std::string version;
  in >> method >> target >> version;
  const std::string path = target.substr(0, target.find('?'));
  if (method == "GET" && path == "/metrics" && version.rfind("HTTP/1.", 0) == 0) {
    return response("200 OK", "text/plain; version=0.0.4; charset=utf-8", body());
  }
  return response("404 Not Found", "text/plain; charset=utf-8",
                  "tpcc serves its live metrics at GET /metrics\n");
}

struct MetricsServer::State {
  asio::io_context io;
  tcp::acceptor acceptor{io};
  std::function<std::string()> body;

  void accept() {
    acceptor.async_accept([this](const boost::system::error_code& ec, tcp::socket socket) {
      if (ec == asio::error::operation_aborted) return;
      if (!ec) std::make_shared<Connection>(std::move(socket), body)->start();
      accept();
    });
  }
};

MetricsServer::MetricsServer(const ListenAddress& address, std::function<std::string()> body,
                             const std::string& flag)
    : state_(std::make_unique<State>()) {
  state_->body = std::move(body);
  const tcp::endpoint endpoint(asio::ip::make_address(address.address), address.port);
  try {
    state_->acceptor.open(endpoint.protocol());
    state_->acceptor.set_option(tcp::acceptor::reuse_address(true));
    state_->acceptor.bind(endpoint);
    state_->acceptor.listen();
  } catch (const boost::system::system_error& e) {
    throw UsageError(flag + " " + listen_address_text(address) +
                     ": cannot listen there: " + e.code().message());
  }
  state_->accept();
  thread_ = std::thread([this] { state_->io.run(); });
}

MetricsServer::~MetricsServer() {
  state_->io.stop();
  if (thread_.joinable()) thread_.join();
}

unsigned short MetricsServer::port() const { return state_->acceptor.local_endpoint().port(); }

}  // namespace tpcc
