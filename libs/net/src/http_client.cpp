#include "artel/net/http_client.hpp"

#include <openssl/evp.h>
#include <openssl/ssl.h>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/ssl/host_name_verification.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/url/parse.hpp>

namespace artel::net {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = boost::beast::http;
namespace ssl = boost::asio::ssl;
using asio::awaitable;
using asio::use_awaitable;
using boost::system::error_code;
using Clock = std::chrono::steady_clock;

bool EqualsIgnoringCase(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

[[noreturn]] void Fail(HttpError::Kind kind, std::string_view step, const error_code& error) {
  if (error == beast::error::timeout || error == asio::error::operation_aborted) {
    throw HttpError(HttpError::Kind::kTimeout, std::string(step) + ": timed out");
  }
  if (error == http::error::body_limit) {
    throw HttpError(HttpError::Kind::kTooLarge, std::string(step) + ": the answer's body is too large");
  }
  throw HttpError(kind, std::string(step) + ": " + error.message());
}

http::verb Verb(std::string_view method) {
  if (method == "GET") return http::verb::get;
  if (method == "POST") return http::verb::post;
  if (method == "PUT") return http::verb::put;
  if (method == "DELETE") return http::verb::delete_;
  throw HttpError(HttpError::Kind::kBadUrl, "unsupported method " + std::string(method));
}

/// Writes `request` and reads the answer on `stream` (a tcp_stream or an ssl::stream over one).
template <typename Stream>
awaitable<HttpReply> Exchange(Stream& stream, beast::tcp_stream& lowest,
                              const http::request<http::string_body>& request, std::size_t max_body,
                              Clock::time_point deadline) {
  error_code error;
  lowest.expires_at(deadline);
  co_await http::async_write(stream, request, asio::redirect_error(use_awaitable, error));
  if (error) Fail(HttpError::Kind::kConnect, "write", error);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(max_body);
  lowest.expires_at(deadline);
  co_await http::async_read(stream, buffer, parser, asio::redirect_error(use_awaitable, error));
  if (error) Fail(HttpError::Kind::kProtocol, "read", error);
  auto response = parser.release();
  HttpReply reply;
  reply.status = static_cast<int>(response.result_int());
  for (const auto& field : response) {
    reply.headers.emplace_back(std::string(field.name_string()), std::string(field.value()));
  }
  reply.body = std::move(response.body());
  co_return reply;
}

}  // namespace

std::optional<std::string_view> HttpReply::Header(std::string_view name) const {
  for (const auto& [key, value] : headers) {
    if (EqualsIgnoringCase(key, name)) return std::string_view(value);
  }
  return std::nullopt;
}

std::optional<Target> ParseTarget(std::string_view url) {
  auto parsed = boost::urls::parse_absolute_uri(url);
  if (!parsed) return std::nullopt;
  const auto& view = *parsed;
  Target target;
  const auto scheme = view.scheme();
  if (EqualsIgnoringCase(scheme, "https")) {
    target.tls = true;
  } else if (!EqualsIgnoringCase(scheme, "http")) {
    return std::nullopt;
  }
  if (!view.has_authority() || view.has_userinfo() || view.encoded_host().empty()) return std::nullopt;
  target.host = std::string(view.encoded_host_address());
  target.port = view.has_port() ? std::string(view.port()) : std::string(target.tls ? "443" : "80");
  target.resource = std::string(view.encoded_path());
  if (target.resource.empty()) target.resource = "/";
  if (view.has_query()) {
    target.resource += '?';
    target.resource += std::string(view.encoded_query());
  }
  return target;
}

std::string BasicAuthorization(std::string_view user, std::string_view password) {
  std::string plain(user);
  plain += ':';
  plain += password;
  std::string encoded(4 * ((plain.size() + 2) / 3) + 1, '\0');
  const int length =
      EVP_EncodeBlock(reinterpret_cast<unsigned char*>(encoded.data()),
                      reinterpret_cast<const unsigned char*>(plain.data()), static_cast<int>(plain.size()));
  encoded.resize(static_cast<std::size_t>(length));
  return "Basic " + encoded;
}

struct HttpClient::Impl {
  HttpClientOptions options;
  ssl::context tls{ssl::context::tls_client};
};

HttpClient::HttpClient(HttpClientOptions options) : impl_(std::make_unique<Impl>()) {
  impl_->options = std::move(options);
  impl_->tls.set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 | ssl::context::no_sslv3 |
                         ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1);
  if (impl_->options.ca_file.empty()) {
    impl_->tls.set_default_verify_paths();
  } else {
    impl_->tls.load_verify_file(impl_->options.ca_file);
  }
  impl_->tls.set_verify_mode(ssl::verify_peer);
}

HttpClient::~HttpClient() = default;

const HttpClientOptions& HttpClient::Options() const noexcept {
  return impl_->options;
}

awaitable<HttpReply> HttpClient::Send(HttpRequest request) {
  const auto target = ParseTarget(request.url);
  if (!target) throw HttpError(HttpError::Kind::kBadUrl, "not an http(s) URL");
  const auto& options = impl_->options;
  const auto start = Clock::now();
  const auto deadline = start + options.timeout;
  const auto connect_deadline = std::min(deadline, start + options.connect_timeout);
  auto executor = co_await asio::this_coro::executor;

  // Resolving has no timeout of its own: a timer cancels it.
  asio::ip::tcp::resolver resolver(executor);
  asio::steady_timer resolve_timer(executor);
  resolve_timer.expires_at(connect_deadline);
  resolve_timer.async_wait([&resolver](const error_code& error) {
    if (!error) resolver.cancel();
  });
  error_code error;
  auto endpoints =
      co_await resolver.async_resolve(target->host, target->port, asio::redirect_error(use_awaitable, error));
  resolve_timer.cancel();
  if (error) Fail(HttpError::Kind::kConnect, "resolve " + target->host, error);
  if (!target->tls) {
    // Plain HTTP carries the gateway's secrets in the clear: only to this machine (the tests' stubs).
    for (const auto& entry : endpoints) {
      if (!entry.endpoint().address().is_loopback()) {
        throw HttpError(HttpError::Kind::kBadUrl, "plain http:// is allowed to loopback addresses only");
      }
    }
  }

  http::request<http::string_body> message{Verb(request.method), target->resource, 11};
  std::string host_header = target->host;
  if (target->port != (target->tls ? "443" : "80")) host_header += ":" + target->port;
  message.set(http::field::host, host_header);
  message.set(http::field::user_agent, "Artel");
  message.set(http::field::connection, "close");
  for (const auto& [name, value] : request.headers) message.set(name, value);
  if (!request.body.empty() || message.method() == http::verb::post || message.method() == http::verb::put) {
    message.body() = std::move(request.body);
    message.prepare_payload();
  }

  if (!target->tls) {
    beast::tcp_stream stream(executor);
    stream.expires_at(connect_deadline);
    co_await stream.async_connect(endpoints, asio::redirect_error(use_awaitable, error));
    if (error) Fail(HttpError::Kind::kConnect, "connect " + target->host, error);
    auto reply = co_await Exchange(stream, stream, message, options.max_body, deadline);
    error_code ignored;
    stream.socket().shutdown(asio::ip::tcp::socket::shutdown_both, ignored);
    co_return reply;
  }

  ssl::stream<beast::tcp_stream> stream(executor, impl_->tls);
  // SNI (for a name: never for an address literal, RFC 6066), and the certificate must name the host.
  error_code not_an_address;
  asio::ip::make_address(target->host, not_an_address);
  if (not_an_address && !SSL_set_tlsext_host_name(stream.native_handle(), target->host.c_str())) {
    throw HttpError(HttpError::Kind::kTls, "cannot set SNI");
  }
  stream.set_verify_callback(ssl::host_name_verification(target->host));
  auto& lowest = beast::get_lowest_layer(stream);
  lowest.expires_at(connect_deadline);
  co_await lowest.async_connect(endpoints, asio::redirect_error(use_awaitable, error));
  if (error) Fail(HttpError::Kind::kConnect, "connect " + target->host, error);
  lowest.expires_at(deadline);
  co_await stream.async_handshake(ssl::stream_base::client, asio::redirect_error(use_awaitable, error));
  if (error) Fail(HttpError::Kind::kTls, "TLS handshake with " + target->host, error);
  auto reply = co_await Exchange(stream, lowest, message, options.max_body, deadline);
  // The answer is complete (Connection: close); a peer that skips close_notify changes nothing.
  lowest.expires_after(std::chrono::seconds(1));
  co_await stream.async_shutdown(asio::redirect_error(use_awaitable, error));
  co_return reply;
}

}  // namespace artel::net
