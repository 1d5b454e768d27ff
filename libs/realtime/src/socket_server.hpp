#pragma once

// The Pusher-protocol socket server: one Session per WebSocket, the channel → sessions index of this
// instance, and the fan-out of published events to it. Beast lives here and in socket_server.cpp only.

#include <atomic>
#include <boost/asio/awaitable.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "artel/server/upgrade.hpp"
#include "settings.hpp"

namespace artel::db {
class Pool;
}  // namespace artel::db

namespace artel::realtime {

class Publisher;
class Session;

/// Of these sign-in sessions (identity.sessions.id), the ones that have ended (web::App::EndedSessions).
using SessionCheck =
    std::function<boost::asio::awaitable<std::vector<std::int64_t>>(std::vector<std::int64_t> session_ids)>;

class SocketServer final : public std::enable_shared_from_this<SocketServer> {
 public:
  /// `origins`: every Origin allowed (server.public_url's and the configured ones).
  SocketServer(Settings settings, std::vector<std::string> origins, db::Pool& pool,
               const Publisher& publisher, std::string instance);

  const Settings& GetSettings() const noexcept { return settings_; }
  const std::string& Instance() const noexcept { return instance_; }

  /// The upgrade handler: serves one WebSocket until it closes.
  boost::asio::awaitable<void> Serve(boost::beast::tcp_stream& stream, server::UpgradeRequest request,
                                     std::string remote_ip);
  /// Closes every socket with 4200 (reconnect: another instance, or this one once it is back). Idempotent.
  void Stop();

  /// One NOTIFY payload: an envelope (publisher.hpp) or "#id" of one stored in realtime.payloads.
  void OnNotification(std::string_view payload);
  /// The listener lost its connection for a while: events may have been missed. Clients refetch what
  /// matters on their own reconnect; this is logged and counted.
  void OnReconnected();
  /// Sends an event to this instance's sockets subscribed to `channel`, except the one with `except`.
  /// Returns how many sockets it was queued for.
  std::size_t Deliver(std::string_view channel, std::string_view event, std::string_view data_json,
                      std::string_view except);
  /// Deletes the presence rows a previous run of this instance left behind.
  boost::asio::awaitable<void> ForgetStalePresence();

  /// Every session_check_interval until StopSessionChecks(): one CheckSessions round. A round that throws
  /// (the database is down) is logged and changes nothing.
  boost::asio::awaitable<void> RunSessionChecks(SessionCheck check);
  void StopSessionChecks();
  /// One round: asks `check` once about the distinct sessions that authorised this instance's private and
  /// presence subscriptions, and closes every socket holding a subscription of an ended one (pusher:error and
  /// close, both 4009). Returns how many sockets it closed; throws what `check` throws.
  boost::asio::awaitable<std::size_t> CheckSessions(const SessionCheck& check);

  std::size_t SocketCount() const;
  bool Stopping() const {
    std::lock_guard lock(mutex_);
    return stopping_;
  }
  std::uint64_t MissedWindows() const noexcept { return missed_windows_.load(); }

  /// The port the socket listener got (0 until it listens).
  std::atomic<std::uint16_t> listen_port{0};

 private:
  friend class Session;

  boost::asio::awaitable<void> DeliverStored(std::int64_t id);
  void DeliverEnvelope(std::string_view envelope);
  std::string NextSocketId();
  /// Registers a connected socket; false when its address has max_sockets_per_ip already.
  bool AddSession(const std::shared_ptr<Session>& session, const std::string& ip);
  void RemoveSession(const std::shared_ptr<Session>& session, const std::string& ip);
  /// `session_id`: the sign-in session that authorised the subscription (0 for a public channel).
  bool Subscribe(const std::string& channel, const std::shared_ptr<Session>& session,
                 std::int64_t session_id);
  void Unsubscribe(const std::string& channel, const Session* session, std::int64_t session_id);
  std::vector<std::int64_t> SessionIds() const;
  /// Closes (4009) the sockets with a subscription of one of `ended`; how many.
  std::size_t CloseSessions(const std::vector<std::int64_t>& ended);
  /// Counts a socket against its user; false over max_sockets_per_user.
  bool ClaimUser(std::int64_t user_id);
  void ReleaseUser(std::int64_t user_id);

  const Settings settings_;
  const std::vector<std::string> origins_;
  db::Pool& pool_;
  const Publisher& publisher_;
  const std::string instance_;
  const std::uint64_t id_prefix_;
  std::atomic<std::uint64_t> next_id_{1};
  std::atomic<std::uint64_t> missed_windows_{0};
  std::atomic<bool> checks_stopped_{false};

  mutable std::mutex mutex_;
  bool stopping_ = false;
  std::unordered_set<std::shared_ptr<Session>> sessions_;
  std::unordered_map<std::string, std::vector<std::shared_ptr<Session>>> channels_;
  /// Sign-in session → the sockets holding a subscription it authorised (one entry per subscription).
  std::unordered_map<std::int64_t, std::vector<std::shared_ptr<Session>>> by_session_;
  std::unordered_map<std::string, std::uint32_t> per_ip_;
  std::unordered_map<std::int64_t, std::uint32_t> per_user_;
};

}  // namespace artel::realtime
