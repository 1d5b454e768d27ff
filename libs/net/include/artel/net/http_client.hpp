#pragma once

// The outbound HTTP client: one request, one answer, no retries (the caller decides whether and when to try
// again). HTTPS verifies the peer against the system's CA store (or `ca_file`) and the host name, and sends
// SNI; plain `http://` is allowed to loopback addresses only (the tests' local stubs). Every step is bounded:
// the connection by `connect_timeout`, the whole exchange by `timeout`, the answer's body by `max_body`.
//
//   net::HttpClient client(options);
//   net::HttpRequest request{"POST", "https://api.example.com/v3/payments", {{"Content-Type", "..."}}, body};
//   net::HttpReply reply = co_await client.Send(std::move(request));   // throws net::HttpError

#include <boost/asio/awaitable.hpp>
#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace artel::net {

using HeaderList = std::vector<std::pair<std::string, std::string>>;

struct HttpRequest {
  /// GET, POST, PUT, DELETE.
  std::string method = "GET";
  /// http(s)://host[:port]/path?query
  std::string url;
  HeaderList headers;
  std::string body;
};

struct HttpReply {
  int status = 0;
  HeaderList headers;
  std::string body;

  /// The first header of that name (case-insensitive).
  std::optional<std::string_view> Header(std::string_view name) const;
};

struct HttpClientOptions {
  std::chrono::milliseconds connect_timeout{5'000};
  /// The whole exchange: resolving, connecting, the TLS handshake, writing and reading.
  std::chrono::milliseconds timeout{15'000};
  /// The largest answer body.
  std::size_t max_body = 1 << 20;
  /// A PEM file of trusted CAs instead of the system's store (empty: the system's).
  std::string ca_file;
};

/// Why a request got no answer. An answer with any status (4xx, 5xx) is not an HttpError.
class HttpError final : public std::runtime_error {
 public:
  enum class Kind { kBadUrl, kConnect, kTimeout, kTls, kProtocol, kTooLarge };
  HttpError(Kind kind, const std::string& what) : std::runtime_error(what), kind_(kind) {}
  Kind GetKind() const noexcept { return kind_; }

 private:
  Kind kind_;
};

class HttpClient final {
 public:
  explicit HttpClient(HttpClientOptions options = {});
  ~HttpClient();
  HttpClient(const HttpClient&) = delete;
  HttpClient& operator=(const HttpClient&) = delete;

  /// Sends `request` on the calling coroutine's executor; throws HttpError when there is no answer.
  boost::asio::awaitable<HttpReply> Send(HttpRequest request);

  const HttpClientOptions& Options() const noexcept;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// The parts of a URL the client needs; nullopt for anything but http(s)://host[:port][/path][?query].
struct Target {
  bool tls = false;
  std::string host;
  std::string port;
  /// Path and query ("/" at least).
  std::string resource;
};
std::optional<Target> ParseTarget(std::string_view url);

/// "Basic base64(user:password)".
std::string BasicAuthorization(std::string_view user, std::string_view password);

}  // namespace artel::net
