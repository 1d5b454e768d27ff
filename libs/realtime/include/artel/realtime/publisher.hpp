#pragma once

// The publish side of real time, for any domain library: it names a channel, an event and its data, and
// knows nothing of sockets, instances or the protocol. Delivery to the sockets subscribed to the channel,
// on every instance, is the realtime module's business (PostgreSQL NOTIFY today; Redis pub/sub could
// replace it behind this same header).

#include <boost/asio/awaitable.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <string>
#include <string_view>

namespace artel::db {
class Pool;
class Transaction;
}  // namespace artel::db

namespace artel::realtime {

/// The private channel of one user, as pusher-js spells it: "private-user.{id}" (SPEC §7's `user.{id}`).
std::string UserChannel(std::int64_t user_id);

/// NOTIFY's payload limit is 8000 bytes; an event whose envelope is longer travels by reference to a row.
inline constexpr std::size_t kInlinePayloadLimit = 7900;

/// Publishes events. Thread-safe; one per application (a service of the realtime module).
class Publisher final {
 public:
  explicit Publisher(db::Pool& pool) : pool_(pool) {}

  /// Sends `event` with `data` to every socket subscribed to `channel` once `tx` commits, and never when
  /// it rolls back: NOTIFY is transactional, so an event cannot announce a change that did not happen,
  /// and a change that happened is announced exactly once.
  boost::asio::awaitable<void> Publish(db::Transaction& tx, std::string_view channel, std::string_view event,
                                       const boost::json::value& data) const;
  /// The same, outside any transaction (relayed client events, presence changes). `except_socket` (a
  /// socket id) does not get its own event back, as Pusher's client events.
  boost::asio::awaitable<void> Publish(std::string_view channel, std::string_view event,
                                       const boost::json::value& data,
                                       std::string_view except_socket = {}) const;

  /// The envelope every instance's listener receives (public for the listener and its tests):
  /// {"c": channel, "e": event, "d": data as a JSON string, "x": except socket id or absent}.
  static std::string Envelope(std::string_view channel, std::string_view event,
                              const boost::json::value& data, std::string_view except_socket);

 private:
  db::Pool& pool_;
};

/// The NOTIFY channel the envelopes travel on.
inline constexpr std::string_view kNotifyChannel = "artel_realtime";

}  // namespace artel::realtime
