#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace artel::realtime {

/// The `realtime` section of artel.yaml (docs/operations.md lists every key).
struct Settings {
  /// The socket listener's own port; 0 picks a free one (logged as "realtime: listening on ws://…").
  std::uint16_t port = 6001;
  /// The app key in ws://host:port/app/{key}: pusher-js's first argument.
  std::string key = "artel";
  /// Signs channel authorisations; empty: generated into <data_dir>/realtime.secret on first start.
  std::string secret;
  /// Origins allowed besides server.public_url's (comma-separated; "*" allows any).
  std::vector<std::string> allowed_origins;

  /// Told to clients in connection_established; a socket silent this long is pinged.
  std::chrono::seconds activity_timeout{120};
  /// A pinged socket that sends nothing for this long is closed (4201): dead peers do not pile up.
  std::chrono::seconds pong_timeout{30};
  /// Pusher's own limit: a frame is an event, not a file transfer; bigger ones close the socket (1009).
  std::uint32_t max_message_bytes = 10 * 1024;
  /// The SPA needs a handful (its user channel, an open chat's presence); a socket asking for hundreds is
  /// a bug or a scraper.
  std::uint32_t max_subscriptions = 100;
  /// Many tabs and devices, not thousands of sockets one account opens to exhaust descriptors.
  std::uint32_t max_sockets_per_user = 100;
  /// Generous: a shared NAT (an office, a mobile carrier) puts many users behind one address.
  std::uint32_t max_sockets_per_ip = 1000;
  /// The socket listener's ceiling on open connections (descriptors and memory stay bounded).
  std::uint32_t max_connections = 50000;
  /// Pusher's limit on client events (typing indicators), per socket.
  std::uint32_t client_events_per_second = 10;
  /// How often each instance asks whether the sessions that authorised its sockets' private and presence
  /// subscriptions are still live (one query per round, however many sockets): a socket of a session that
  /// ended (logout elsewhere, a password change, a block, expiry) stops getting the user's events within
  /// this.
  std::chrono::seconds session_check_interval{2};
  /// How often each instance writes its heartbeat (realtime.instances); presence rows of an instance silent
  /// for three of these are swept by a cluster job running as often (Instances).
  std::chrono::seconds heartbeat_interval{10};
  /// Bytes of frames waiting for one socket; a client that reads slower than events arrive is dropped
  /// instead of growing the server's memory.
  std::uint32_t send_queue_bytes = 256 * 1024;
};

}  // namespace artel::realtime
