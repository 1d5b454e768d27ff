#pragma once

// The HTTP transport: Beast sessions, limits, static files and graceful shutdown. Beast stays in src/;
// this header only needs Asio's awaitable.

#include <boost/asio/awaitable.hpp>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

namespace boost::asio {
class io_context;
}  // namespace boost::asio

namespace artel::web {
class App;
}  // namespace artel::web

namespace artel::server {

struct Upgrade;  // upgrade.hpp (names Beast types)

struct ServerOptions {
  std::string host = "127.0.0.1";
  /// 0 picks a free port; read it back with Server::Port().
  std::uint16_t port = 8080;
  /// The SPA's built files (frontend/dist). Served for every path outside /api/, /healthz and /readyz.
  std::filesystem::path static_dir;
  /// Request line plus header fields: room for a session cookie, an XSRF token and a long Referer, yet
  /// 10k connections cannot pin more than ~160 MiB of header buffers. Beyond it: 431.
  std::size_t header_limit = 16 * 1024;
  /// One deadline for reading a whole request (headers and body), so a slowloris client that trickles
  /// bytes cannot hold a connection; also bounds the wait for the first request on a new connection.
  std::chrono::seconds request_timeout{30};
  /// How long an idle keep-alive connection may wait for its next request.
  std::chrono::seconds keep_alive_timeout{60};
  /// Deadline for writing one response: a client that stops reading cannot pin a session forever,
  /// yet a multi-megabyte bundle still reaches a slow mobile link.
  std::chrono::seconds write_timeout{60};
  /// Requests are answered strictly one at a time per connection (read, handle, write, then read the
  /// next), so pipelining never runs handlers concurrently. This caps how many requests in a row may
  /// already be waiting when the previous one is answered: one cheap burst of pipelined requests cannot
  /// buy unbounded handler work without a round trip. The answer that reaches the cap carries
  /// `Connection: close`; the client retries the rest on a new connection (RFC 9112 §9.3.2). Browsers
  /// do not pipeline at all.
  std::size_t max_pipelined = 16;
  /// Open connections beyond this are closed right after accept: file descriptors and session memory
  /// stay bounded under a connection flood.
  std::size_t max_connections = 10000;
  /// After Stop(), how long requests in flight may take before the remaining sockets are closed.
  std::chrono::seconds shutdown_timeout{10};
  /// Take the client address from the last `X-Forwarded-For` entry (set only behind a trusted proxy
  /// such as the nginx of the scale-out setup, which appends the real peer address).
  bool trust_forwarded_for = false;
  /// A protocol that takes over connections under its path prefix (the realtime module's WebSocket).
  std::shared_ptr<const Upgrade> upgrade;
  /// Serve nothing but `upgrade`: every other request gets 404 (the realtime listener on its own port).
  bool upgrade_only = false;
};

/// Serves a web::App and the static front end over HTTP/1.1 on the given io_context; run the context on
/// one thread per core. Each connection is one coroutine on its own strand.
///
/// The App must outlive every session: keep it alive until Drained() completes (or the io_context stops).
class Server final {
 public:
  Server(boost::asio::io_context& io, ServerOptions options, const web::App& app);
  /// Calls Stop() when the server is still accepting; sessions keep the shared state alive until they end.
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  /// Resolves host, binds and listens, then starts accepting. Throws std::runtime_error on failure.
  void Start();
  /// The bound port (after Start()).
  std::uint16_t Port() const noexcept;
  /// Thread-safe and idempotent. Stops accepting (new connections are refused), lets requests in flight
  /// finish and answers them with `Connection: close`, closes idle keep-alive connections at once, and
  /// after shutdown_timeout closes whatever sockets remain.
  void Stop();
  /// Completes once Stop() was called and every session has ended. Handlers are never interrupted, so a
  /// handler that never returns keeps this pending; closing its socket is all the shutdown timeout does.
  boost::asio::awaitable<void> Drained();

  /// Connections open right now.
  std::size_t ConnectionCount() const;

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace artel::server
