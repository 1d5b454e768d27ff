#include "artel/server/server.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/string.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/file_body.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/status.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <exception>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "artel/core/error.hpp"
#include "artel/core/log.hpp"
#include "artel/server/upgrade.hpp"
#include "artel/web/app.hpp"
#include "http_util.hpp"
#include "static_files.hpp"

namespace artel::server {
namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;

constexpr auto kUseTuple = net::as_tuple(net::use_awaitable);

/// Bytes asked for by the read that waits for a request to start.
constexpr std::size_t kReadChunk = 16 * 1024;
/// After answering a request whose body was not read (413, 431, 400), drain what the client still sends
/// for this long and up to this much before closing: closing with unread data makes the kernel send a
/// reset, which can destroy our answer before the client reads it.
constexpr auto kLingerTime = std::chrono::seconds(2);
constexpr std::size_t kLingerBytes = 4 * 1024 * 1024;
/// When accept fails (typically out of file descriptors), wait this long instead of spinning.
constexpr auto kAcceptBackoff = std::chrono::milliseconds(100);

/// What a session does after one request.
enum class Next { kKeepAlive, kClose, kLingerClose, kUpgrade };

struct Connection {
  explicit Connection(tcp::socket socket) : stream(std::move(socket)) {}

  beast::tcp_stream stream;
  /// True while waiting for the first byte of the next request; only touched on the stream's strand.
  bool idle = false;
  /// Set by ServeOne for Next::kUpgrade: the request the upgrade handler takes over with.
  std::optional<UpgradeRequest> upgrade_request;
  std::string upgrade_ip;
};

void LogException(const std::exception_ptr& exception, std::string_view what) {
  if (!exception) return;
  try {
    std::rethrow_exception(exception);
  } catch (const std::exception& e) {
    log::Error("server: {}: {}", what, e.what());
  } catch (...) {
    log::Error("server: {}: an exception not derived from std::exception", what);
  }
}

std::string PeerAddress(const tcp::socket& socket) {
  boost::system::error_code ec;
  auto endpoint = socket.remote_endpoint(ec);
  if (ec) return {};
  auto address = endpoint.address();
  if (address.is_v6() && address.to_v6().is_v4_mapped()) {
    return net::ip::make_address_v4(net::ip::v4_mapped, address.to_v6()).to_string();
  }
  return address.to_string();
}

bool IsParseError(const boost::system::error_code& ec) {
  return ec.category() == http::make_error_code(http::error::bad_target).category();
}

bool HasBodylessStatus(int status) {
  return status < 200 || status == 204 || status == 304;
}

template <class Body>
void AddCommonHeaders(http::response<Body>& response) {
  for (const auto& [name, value] : SecurityHeaders()) {
    if (response.find(name) == response.end()) response.set(name, value);
  }
  response.set(http::field::date, HttpDate());
}

/// A field name or value as it goes on the wire: CR, LF and NUL would end the field (or the header) early and
/// let a value smuggle fields of its own, so they become spaces.
void AppendFieldText(std::string& out, std::string_view text) {
  const std::size_t start = out.size();
  out.append(text);
  for (std::size_t i = start; i < out.size(); ++i) {
    if (out[i] == '\r' || out[i] == '\n' || out[i] == '\0') out[i] = ' ';
  }
}

/// A field of our own constants: nothing to replace.
void AppendKnownField(std::string& out, std::string_view name, std::string_view value) {
  out.append(name);
  out += ": ";
  out.append(value);
  out += "\r\n";
}

void AppendField(std::string& out, std::string_view name, std::string_view value) {
  AppendFieldText(out, name);
  out += ": ";
  AppendFieldText(out, value);
  out += "\r\n";
}

/// The status line and header of an App response, written into one buffer: the same fields Beast's serializer
/// wrote (the App's headers and cookies, the security headers the App did not set, Date, Connection as
/// message::keep_alive() sets it, Content-Length), without building a field list and walking it as a
/// sequence of a dozen buffers per write, which cost more than everything else a ping does in the transport.
std::string SerializeHead(const web::Response& response, unsigned version, bool keep_alive) {
  std::string out;
  out.reserve(1024);
  out += version >= 11 ? "HTTP/1.1 " : "HTTP/1.0 ";
  out += std::to_string(response.status);
  out += ' ';
  out += http::obsolete_reason(http::int_to_status(static_cast<unsigned>(response.status)));
  out += "\r\n";
  for (const auto& [name, value] : response.headers.All()) AppendField(out, name, value);
  for (const auto& cookie : response.cookies) AppendField(out, "Set-Cookie", cookie.Serialize());
  for (const auto& [name, value] : SecurityHeaders()) {
    if (!response.headers.Get(name)) AppendKnownField(out, name, value);
  }
  AppendKnownField(out, "Date", HttpDate());
  // As message::keep_alive(): HTTP/1.1 is persistent unless it says close, HTTP/1.0 only when it says so.
  if (version >= 11 && !keep_alive) out += "Connection: close\r\n";
  if (version < 11 && keep_alive) out += "Connection: keep-alive\r\n";
  if (!HasBodylessStatus(response.status)) {
    // HEAD answers with the length the GET's body has (RFC 9110 §9.3.2), and no body.
    out += "Content-Length: ";
    out += std::to_string(response.body.size());
    out += "\r\n";
  }
  out += "\r\n";
  return out;
}

enum class HeaderRead { kComplete, kTooLarge, kMalformed, kClosed };

/// Reads until `buffer` holds a whole request header (request line, fields and the blank line) that ends
/// within its first `limit` bytes. Beast's header_limit counts only the bytes its parser has not consumed
/// yet, and it consumes every complete field line of each read: a header that arrives in many small
/// segments (or in one write larger than a read) passed at about twice the limit while a single long line
/// was refused. Framing the header here makes the limit the whole header's size, however the bytes arrive:
/// `limit` bytes pass, one more is kTooLarge (431). A bare LF is not HTTP/1.1 framing and Beast refuses
/// it anyway: kMalformed (400) right away instead of waiting for a blank line that never comes.
net::awaitable<HeaderRead> ReadWholeHeader(beast::tcp_stream& stream, beast::flat_buffer& buffer,
                                           std::size_t limit) {
  std::size_t scanned = 0;  // bytes already searched, and found to hold neither the end nor a bare LF
  for (;;) {
    const std::string_view bytes(static_cast<const char*>(buffer.data().data()), buffer.size());
    const std::string_view window = bytes.substr(0, std::min(bytes.size(), limit));
    // A terminator may straddle two reads: search again from three bytes before the new ones.
    const std::size_t from = scanned >= 3 ? scanned - 3 : 0;
    if (from < window.size()) {
      if (window.find("\r\n\r\n", from) != std::string_view::npos) co_return HeaderRead::kComplete;
      for (std::size_t i = scanned; i < window.size(); ++i) {
        if (window[i] == '\n' && (i == 0 || window[i - 1] != '\r')) co_return HeaderRead::kMalformed;
      }
    }
    if (bytes.size() >= limit) co_return HeaderRead::kTooLarge;
    scanned = bytes.size();
    auto [ec, read] = co_await stream.async_read_some(buffer.prepare(kReadChunk), kUseTuple);
    if (ec) co_return HeaderRead::kClosed;
    buffer.commit(read);
  }
}

/// Reads and drops what the client still sends, for kLingerTime and up to kLingerBytes. Its own coroutine:
/// a local array in RunSession would sit in every session's frame (WebSocket ones included) for as long as
/// the connection lives, 4 KiB each.
net::awaitable<void> DrainUnread(beast::tcp_stream& stream) {
  stream.expires_after(kLingerTime);
  std::array<char, 4096> sink;
  for (std::size_t drained_bytes = 0; drained_bytes < kLingerBytes;) {
    auto [read_ec, bytes] = co_await stream.async_read_some(net::buffer(sink), kUseTuple);
    if (read_ec) break;
    drained_bytes += bytes;
  }
}

}  // namespace

struct Server::Impl : std::enable_shared_from_this<Server::Impl> {
  Impl(net::io_context& io_context, ServerOptions server_options, const web::App& web_app)
      : io(io_context),
        options(std::move(server_options)),
        app(web_app),
        strand(net::make_strand(io_context)),
        acceptor(strand),
        drain_signal(strand, net::steady_timer::time_point::max()),
        shutdown_timer(strand) {}

  net::awaitable<void> AcceptLoop();
  net::awaitable<void> RunSession(std::shared_ptr<Connection> connection);
  net::awaitable<Next> ServeOne(Connection& connection, beast::flat_buffer& buffer,
                                const std::string& peer_ip, std::size_t& pipelined);

  net::awaitable<bool> Write(beast::tcp_stream& stream, web::Response response, unsigned version,
                             bool keep_alive, bool head_only);
  net::awaitable<bool> WriteStatic(beast::tcp_stream& stream, StaticReply reply, unsigned version,
                                   bool keep_alive, bool head_only);
  /// Answers with the error shape; always closes afterwards, draining the unread request first.
  /// The error shape for a request refused before the App saw it.
  web::Response ErrorAnswer(const Error& error, std::string_view lang, int status_override = 0) const;
  /// Writes an error answer; the connection is then closed, draining the unread request first.
  net::awaitable<Next> Reject(beast::tcp_stream& stream, web::Response answer, unsigned version);

  void StopOnStrand();
  void ForceClose();
  void CheckDrained();
  void Unregister(Connection* connection);
  std::vector<std::shared_ptr<Connection>> Snapshot() const;
  static net::awaitable<void> WaitDrained(std::shared_ptr<Impl> self);

  net::io_context& io;
  const ServerOptions options;
  const web::App& app;
  net::strand<net::io_context::executor_type> strand;
  // Owned by `strand`.
  tcp::acceptor acceptor;
  net::steady_timer drain_signal;
  net::steady_timer shutdown_timer;
  bool started = false;
  bool accept_done = true;
  bool drained = false;

  std::atomic<std::uint16_t> port{0};
  std::atomic<bool> stopping{false};

  mutable std::mutex mutex;
  std::unordered_map<Connection*, std::shared_ptr<Connection>> connections;
};

net::awaitable<void> Server::Impl::AcceptLoop() {
  std::uint64_t rejected = 0;
  for (;;) {
    auto [ec, socket] = co_await acceptor.async_accept(net::make_strand(io), kUseTuple);
    if (stopping.load() || ec == net::error::operation_aborted) break;
    if (ec) {
      log::Warning("server: accept failed: {}", ec.message());
      net::steady_timer backoff(strand, kAcceptBackoff);
      co_await backoff.async_wait(kUseTuple);
      continue;
    }
    std::shared_ptr<Connection> connection;
    {
      std::lock_guard lock(mutex);
      if (connections.size() < options.max_connections) {
        connection = std::make_shared<Connection>(std::move(socket));
        connections.emplace(connection.get(), connection);
      }
    }
    if (!connection) {
      if (rejected++ % 1000 == 0) {
        log::Warning("server: {} open connections, refusing more (max_connections); {} refused so far",
                     options.max_connections, rejected);
      }
      boost::system::error_code ignored;
      socket.close(ignored);
      continue;
    }
    boost::system::error_code ec_nodelay;
    // Responses are written whole; Nagle would only delay the last segment of each.
    connection->stream.socket().set_option(tcp::no_delay(true), ec_nodelay);
    Connection* raw = connection.get();
    auto executor = connection->stream.get_executor();
    net::co_spawn(executor, RunSession(std::move(connection)),
                  [self = shared_from_this(), raw](std::exception_ptr exception) {
                    LogException(exception, "session");
                    self->Unregister(raw);
                  });
  }
}

net::awaitable<void> Server::Impl::RunSession(std::shared_ptr<Connection> connection) {
  auto& stream = connection->stream;
  Next next = Next::kClose;
  try {
    beast::flat_buffer buffer;
    const std::string peer_ip = PeerAddress(stream.socket());
    std::size_t pipelined = 0;
    bool first = true;
    for (;;) {
      if (buffer.size() == 0) {
        if (stopping.load()) break;
        // A new connection gets request_timeout to start talking; a kept-alive one keep_alive_timeout.
        connection->idle = true;
        stream.expires_after(first ? options.request_timeout : options.keep_alive_timeout);
        auto [ec, bytes] = co_await stream.async_read_some(buffer.prepare(kReadChunk), kUseTuple);
        connection->idle = false;
        if (ec) break;  // the client closed, the idle deadline passed, or Stop() cancelled the wait
        buffer.commit(bytes);
      }
      first = false;
      next = co_await ServeOne(*connection, buffer, peer_ip, pipelined);
      if (next != Next::kKeepAlive) break;
    }
    if (next == Next::kUpgrade) {
      // The protocol reads its own frames from here on: the request buffer is released (an idle upgraded
      // connection must not pin 16 KiB), and the request deadline no longer applies.
      buffer.clear();
      buffer.shrink_to_fit();
      stream.expires_never();
      UpgradeRequest request = std::move(*connection->upgrade_request);
      connection->upgrade_request.reset();
      std::string remote_ip = std::move(connection->upgrade_ip);
      auto session = options.upgrade->handle(stream, std::move(request), std::move(remote_ip));
      co_await std::move(session);
      next = Next::kClose;
    }
  } catch (const std::exception& e) {
    log::Error("server: session failed: {}", e.what());
    next = Next::kClose;
  }

  boost::system::error_code ec;
  if (next == Next::kLingerClose && stream.socket().is_open()) {
    stream.socket().shutdown(tcp::socket::shutdown_send, ec);
    if (!ec) co_await DrainUnread(stream);
  } else if (stream.socket().is_open()) {
    stream.socket().shutdown(tcp::socket::shutdown_send, ec);
  }
  stream.close();
}

net::awaitable<Next> Server::Impl::ServeOne(Connection& connection, beast::flat_buffer& buffer,
                                            const std::string& peer_ip, std::size_t& pipelined) {
  auto& stream = connection.stream;
  const std::string& default_lang = app.Options().default_language;

  // One deadline for the whole request read, headers and body.
  stream.expires_after(options.request_timeout);
  http::request_parser<http::empty_body> header_parser;
  // The whole header is in the buffer and within the limit once ReadWholeHeader says so: Beast's own
  // limit then never counts differently from ours.
  header_parser.header_limit(static_cast<std::uint32_t>(options.header_limit));
  // The real limit depends on the route; it is checked below, before a single body byte is read.
  header_parser.body_limit(boost::none);
  switch (co_await ReadWholeHeader(stream, buffer, options.header_limit)) {
    case HeaderRead::kComplete:
      break;
    case HeaderRead::kTooLarge: {
      auto answer = ErrorAnswer(BadRequest(Message{"server:header_too_large", {}}), default_lang, 431);
      co_return co_await Reject(stream, std::move(answer), 11);
    }
    case HeaderRead::kMalformed: {
      auto answer = ErrorAnswer(BadRequest(), default_lang);
      co_return co_await Reject(stream, std::move(answer), 11);
    }
    case HeaderRead::kClosed:
      co_return Next::kClose;  // timeout, reset or the client went away mid-request
  }
  {
    boost::system::error_code ec;
    const std::size_t used = header_parser.put(buffer.data(), ec);
    buffer.consume(used);
    if (ec == http::error::header_limit) {
      auto answer = ErrorAnswer(BadRequest(Message{"server:header_too_large", {}}), default_lang, 431);
      co_return co_await Reject(stream, std::move(answer), 11);
    }
    if (ec || !header_parser.is_header_done()) {
      auto answer = ErrorAnswer(BadRequest(), default_lang);
      co_return co_await Reject(stream, std::move(answer), 11);
    }
  }

  const auto& head = header_parser.get();
  const unsigned version = head.version();
  const web::Method method = web::ParseMethod(head.method_string());
  const std::string lang = app.NegotiateLanguage(head[http::field::accept_language]);
  auto target = ParseTarget(head.target());
  if (!target) {
    auto answer = ErrorAnswer(BadRequest(Message{"server:bad_target", {}}), lang);
    co_return co_await Reject(stream, std::move(answer), version);
  }

  if (options.upgrade && target->path.starts_with(options.upgrade->path_prefix)) {
    if (!beast::websocket::is_upgrade(head)) {
      // The WebSocket endpoint answers plain HTTP with 426 and the protocol it speaks.
      auto answer = ErrorAnswer(BadRequest(), lang, 426);
      answer.headers.Set("Upgrade", "websocket");
      co_return co_await Reject(stream, std::move(answer), version);
    }
    connection.upgrade_ip = peer_ip;
    if (options.trust_forwarded_for) {
      if (auto forwarded = head["X-Forwarded-For"]; !forwarded.empty()) {
        if (auto last = LastForwardedFor(forwarded); !last.empty()) connection.upgrade_ip = std::string(last);
      }
    }
    connection.upgrade_request.emplace(header_parser.release());
    co_return Next::kUpgrade;
  }
  if (options.upgrade_only) {
    auto answer = ErrorAnswer(NotFound(), lang);
    co_return co_await Reject(stream, std::move(answer), version);
  }

  const bool is_app = IsAppPath(target->path);
  const bool head_only = method == web::Method::kHead;
  if (!is_app && method != web::Method::kGet && !head_only) {
    auto answer = ErrorAnswer(Error(ErrorCode::kMethodNotAllowed), lang);
    answer.headers.Set("Allow", "GET, HEAD");
    co_return co_await Reject(stream, std::move(answer), version);
  }
  // HEAD on the App runs the GET route and drops the body (RFC 9110 §9.3.2).
  const web::Method effective = is_app && head_only ? web::Method::kGet : method;
  // Static files take no request body at all.
  // The route is looked up once: for the body limit here, and handed on to the App with the request.
  web::Router::Match route;
  if (is_app) route = app.GetRouter().Find(effective, target->path);
  const std::size_t body_limit = is_app ? app.BodyLimit(route) : 0;
  const bool chunked = header_parser.chunked();
  const std::uint64_t content_length = header_parser.content_length().value_or(0);
  if (content_length > body_limit || (chunked && body_limit == 0)) {
    auto answer = ErrorAnswer(PayloadTooLarge(), lang);
    co_return co_await Reject(stream, std::move(answer), version);
  }
  if ((chunked || content_length > 0) && version >= 11 && buffer.size() == 0 &&
      beast::iequals(head[http::field::expect], "100-continue")) {
    http::response<http::empty_body> proceed{http::status::continue_, version};
    // Still under the request deadline: the client's wait for this answer is part of the request.
    if (auto [ec, bytes] = co_await http::async_write(stream, proceed, kUseTuple); ec) co_return Next::kClose;
  }

  http::request_parser<http::string_body> parser(std::move(header_parser));
  parser.body_limit(body_limit);
  if (!parser.is_done()) {
    if (auto [ec, bytes] = co_await http::async_read(stream, buffer, parser, kUseTuple); ec) {
      if (ec == http::error::body_limit) {
        auto answer = ErrorAnswer(PayloadTooLarge(), lang);
        co_return co_await Reject(stream, std::move(answer), version);
      }
      if (IsParseError(ec) && ec != http::error::end_of_stream && ec != http::error::partial_message) {
        auto answer = ErrorAnswer(BadRequest(), lang);
        co_return co_await Reject(stream, std::move(answer), version);
      }
      co_return Next::kClose;
    }
  }
  auto message = parser.release();

  boost::system::error_code available_ec;
  const bool more_waiting = buffer.size() > 0 || stream.socket().available(available_ec) > 0;
  pipelined = more_waiting ? pipelined + 1 : 0;
  bool keep_alive = message.keep_alive() && pipelined < options.max_pipelined;

  bool written = false;
  if (is_app) {
    web::Request request;
    request.method = effective;
    request.target = std::string(message.target());
    request.path = std::move(target->path);
    request.query = std::move(target->query);
    for (const auto& field : message) {
      request.headers.Add(std::string(field.name_string()), std::string(field.value()));
    }
    request.body = std::move(message.body());
    request.remote_ip = peer_ip;
    if (options.trust_forwarded_for) {
      if (auto forwarded = request.Header("X-Forwarded-For")) {
        if (auto last = LastForwardedFor(*forwarded); !last.empty()) request.remote_ip = std::string(last);
      }
    }
    web::Response response = co_await app.Handle(request, std::move(route));
    keep_alive = keep_alive && !stopping.load();
    written = co_await Write(stream, std::move(response), version, keep_alive, head_only);
  } else {
    StaticRequest request{.path = target->path,
                          .accept_encoding = message[http::field::accept_encoding],
                          .if_none_match = message[http::field::if_none_match],
                          .range = message[http::field::range],
                          .if_range = message[http::field::if_range],
                          .lang = lang};
    StaticReply reply = ServeStatic(options.static_dir, request, app.Catalog());
    log::Debug("static {} {} {} {}", web::MethodName(method), message.target(), reply.status, peer_ip);
    keep_alive = keep_alive && !stopping.load();
    written = co_await WriteStatic(stream, std::move(reply), version, keep_alive, head_only);
  }
  if (!written) co_return Next::kClose;
  if (keep_alive) co_return Next::kKeepAlive;
  co_return more_waiting ? Next::kLingerClose : Next::kClose;
}

net::awaitable<bool> Server::Impl::Write(beast::tcp_stream& stream, web::Response response, unsigned version,
                                         bool keep_alive, bool head_only) {
  std::string head = SerializeHead(response, version, keep_alive);
  std::array<net::const_buffer, 2> buffers{net::buffer(head), net::const_buffer()};
  if (!head_only && !HasBodylessStatus(response.status)) buffers[1] = net::buffer(response.body);
  stream.expires_after(options.write_timeout);
  auto [ec, bytes] = co_await net::async_write(stream, buffers, kUseTuple);
  co_return !ec;
}

net::awaitable<bool> Server::Impl::WriteStatic(beast::tcp_stream& stream, StaticReply reply, unsigned version,
                                               bool keep_alive, bool head_only) {
  auto fill = [&](auto& out) {
    out.version(version);
    out.result(static_cast<unsigned>(reply.status));
    for (const auto& [name, value] : reply.headers) out.set(name, value);
    AddCommonHeaders(out);
    out.keep_alive(keep_alive);
  };
  stream.expires_after(options.write_timeout);
  if (!reply.file.empty() && !head_only) {
    http::response<http::file_body> out;
    beast::error_code ec;
    out.body().open(reply.file.c_str(), beast::file_mode::scan, ec);
    if (!ec) {
      fill(out);
      out.content_length(out.body().size());
      auto [write_ec, bytes] = co_await http::async_write(stream, out, kUseTuple);
      co_return !write_ec;
    }
    // The file went away between the lookup and the open (a deploy replacing dist/).
    reply =
        StaticReply{.status = 404,
                    .headers = {{"Content-Type", "text/plain; charset=utf-8"}, {"Cache-Control", "no-cache"}},
                    .body = "Not found\n"};
    reply.content_length = reply.body.size();
  }
  http::response<http::string_body> out;
  fill(out);
  if (!HasBodylessStatus(reply.status)) {
    out.content_length(reply.file.empty() ? reply.body.size() : reply.content_length);
    if (!head_only) out.body() = std::move(reply.body);
  }
  auto [ec, bytes] = co_await http::async_write(stream, out, kUseTuple);
  co_return !ec;
}

web::Response Server::Impl::ErrorAnswer(const Error& error, std::string_view lang,
                                        int status_override) const {
  web::Response answer = app.ErrorResponse(error, lang);
  if (status_override != 0) answer.status = status_override;
  return answer;
}

// Note for GCC 12: keep temporaries with destructors out of co_await expressions (build the answer in a
// named variable first); GCC destroys some of them twice.
net::awaitable<Next> Server::Impl::Reject(beast::tcp_stream& stream, web::Response answer, unsigned version) {
  co_await Write(stream, std::move(answer), version < 10 ? 11 : version, false, false);
  co_return Next::kLingerClose;
}

std::vector<std::shared_ptr<Connection>> Server::Impl::Snapshot() const {
  std::lock_guard lock(mutex);
  std::vector<std::shared_ptr<Connection>> open;
  open.reserve(connections.size());
  for (const auto& [raw, connection] : connections) open.push_back(connection);
  return open;
}

void Server::Impl::StopOnStrand() {
  boost::system::error_code ec;
  acceptor.close(ec);
  // Upgraded connections are not idle HTTP ones: their protocol closes them with a close frame.
  if (options.upgrade && options.upgrade->stop) options.upgrade->stop();
  for (auto& connection : Snapshot()) {
    net::post(connection->stream.get_executor(), [connection] {
      if (connection->idle) connection->stream.cancel();
    });
  }
  shutdown_timer.expires_after(options.shutdown_timeout);
  shutdown_timer.async_wait([self = shared_from_this()](const boost::system::error_code& wait_ec) {
    if (!wait_ec) self->ForceClose();
  });
  CheckDrained();
}

void Server::Impl::ForceClose() {
  auto open = Snapshot();
  if (!open.empty()) {
    log::Warning("server: shutdown timeout passed; closing {} connections still open", open.size());
  }
  for (auto& connection : open) {
    net::post(connection->stream.get_executor(), [connection] { connection->stream.close(); });
  }
}

void Server::Impl::CheckDrained() {
  if (drained || !stopping.load() || !accept_done) return;
  {
    std::lock_guard lock(mutex);
    if (!connections.empty()) return;
  }
  drained = true;
  shutdown_timer.cancel();
  drain_signal.cancel();
}

void Server::Impl::Unregister(Connection* connection) {
  bool now_empty = false;
  {
    std::lock_guard lock(mutex);
    connections.erase(connection);
    now_empty = connections.empty();
  }
  if (now_empty && stopping.load()) net::post(strand, [self = shared_from_this()] { self->CheckDrained(); });
}

net::awaitable<void> Server::Impl::WaitDrained(std::shared_ptr<Impl> self) {
  while (!self->drained) {
    auto [ec] = co_await self->drain_signal.async_wait(kUseTuple);
    (void)ec;  // cancelled on purpose once drained; the loop re-checks
  }
}

Server::Server(net::io_context& io, ServerOptions options, const web::App& app)
    : impl_(std::make_shared<Impl>(io, std::move(options), app)) {}

Server::~Server() {
  if (impl_->started) Stop();
}

void Server::Start() {
  Impl& impl = *impl_;
  if (impl.started) throw std::logic_error("server: Start() called twice");
  if (impl.stopping.load()) throw std::logic_error("server: Start() after Stop()");
  const std::string where = fmt::format("{}:{}", impl.options.host, impl.options.port);

  boost::system::error_code ec;
  tcp::resolver resolver(impl.io);
  auto endpoints = resolver.resolve(impl.options.host, std::to_string(impl.options.port),
                                    tcp::resolver::passive | tcp::resolver::numeric_service, ec);
  if (ec || endpoints.empty()) {
    throw std::runtime_error(fmt::format("server: cannot resolve {}: {}", where, ec.message()));
  }
  const tcp::endpoint endpoint = endpoints.begin()->endpoint();
  auto check = [&](std::string_view step) {
    if (ec) throw std::runtime_error(fmt::format("server: cannot {} {}: {}", step, where, ec.message()));
  };
  impl.acceptor.open(endpoint.protocol(), ec);
  check("open a socket for");
  // Lets a restarted server bind while old connections sit in TIME_WAIT.
  impl.acceptor.set_option(tcp::acceptor::reuse_address(true), ec);
  check("set SO_REUSEADDR on");
  impl.acceptor.bind(endpoint, ec);
  check("bind");
  impl.acceptor.listen(net::socket_base::max_listen_connections, ec);
  check("listen on");
  auto local = impl.acceptor.local_endpoint(ec);
  check("read the local address of");
  impl.port = local.port();
  impl.started = true;
  impl.accept_done = false;

  net::co_spawn(impl.strand, impl.AcceptLoop(), [self = impl_](std::exception_ptr exception) {
    LogException(exception, "accept loop");
    net::post(self->strand, [self] {
      self->accept_done = true;
      self->CheckDrained();
    });
  });
  log::Info("server: listening on http://{}:{}", local.address().to_string(), local.port());
}

std::uint16_t Server::Port() const noexcept {
  return impl_->port.load();
}

void Server::Stop() {
  if (impl_->stopping.exchange(true)) return;
  net::post(impl_->strand, [self = impl_] { self->StopOnStrand(); });
}

net::awaitable<void> Server::Drained() {
  co_await net::co_spawn(impl_->strand, Impl::WaitDrained(impl_), net::use_awaitable);
}

std::size_t Server::ConnectionCount() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->connections.size();
}

}  // namespace artel::server
