#pragma once

// The seam through which another protocol (the realtime module's WebSocket) takes over a connection once
// its HTTP request was read. It names Beast types, so only transport code includes it (libs/realtime/src
// and apps/artel), never a header domain code sees.

#include <boost/asio/awaitable.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/message.hpp>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

namespace artel::server {

using UpgradeRequest = boost::beast::http::request<boost::beast::http::empty_body>;

/// Takes over one connection. `stream` belongs to the server and stays valid until the returned awaitable
/// completes; the server closes it afterwards. `remote_ip` is the client's address (X-Forwarded-For's
/// last entry when the server trusts it). Runs on the connection's strand.
using UpgradeHandler = std::function<boost::asio::awaitable<void>(
    boost::beast::tcp_stream& stream, UpgradeRequest request, std::string remote_ip)>;

/// A protocol served by upgrading HTTP requests under `path_prefix`. A service of the module that provides
/// it; apps/artel hands it to the main server and to a listener of its own on `port`.
struct Upgrade {
  /// Requests whose path starts with it and that ask for `Upgrade: websocket` go to `handle`; other requests
  /// there get 426 Upgrade Required.
  std::string path_prefix = "/app/";
  UpgradeHandler handle;
  /// Called by every server's Stop(): close the upgraded connections gracefully (a close frame). Must be
  /// idempotent and thread-safe.
  std::function<void()> stop;
  /// The protocol's own listener (0: a free port) and its ceiling on open connections.
  std::uint16_t port = 0;
  std::size_t max_connections = 50000;
  /// Told the port the own listener got.
  std::function<void(const std::string& host, std::uint16_t port)> on_listening;
};

}  // namespace artel::server
