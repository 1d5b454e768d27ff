#pragma once

// The Pusher Channels protocol, version 7, as pure functions: frames, channel names, auth signatures and
// the limits' bookkeeping. No sockets here, so all of it is unit-tested
// (https://pusher.com/docs/channels/library_auth_reference/pusher-websockets-protocol/).

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace artel::realtime::protocol {

inline constexpr int kVersion = 7;

/// Pusher's error codes (pusher:error's data.code and close codes).
enum Code : int {
  kAppDoesNotExist = 4001,        // wrong app key in the URL: do not reconnect
  kUnsupportedProtocol = 4007,    // protocol below 5 or above 7
  kUnauthorized = 4009,           // a bad signature or a channel the socket may not have
  kOverCapacity = 4100,           // limits: sockets per IP, subscriptions, a slow consumer; back off
  kReconnect = 4200,              // the server is shutting down: reconnect at once (another instance)
  kPongNotReceived = 4201,        // the activity check went unanswered
  kClientEventRateLimited = 4301  // more than the allowed client events per second
};

enum class ChannelKind { kPublic, kPrivate, kPresence };

/// Pusher's channel names: 1–164 characters of [A-Za-z0-9_\-=@,.;].
bool ValidChannelName(std::string_view name) noexcept;
ChannelKind KindOf(std::string_view channel) noexcept;
/// "digits.digits", as the server hands out in connection_established.
bool ValidSocketId(std::string_view socket_id) noexcept;

/// The hex HMAC-SHA256 of "socket_id:channel[:channel_data]" with the app secret.
std::string Signature(std::string_view secret, std::string_view socket_id, std::string_view channel,
                      std::string_view channel_data = {});
/// What POST /api/broadcasting/auth answers in "auth": "key:signature".
std::string AuthToken(std::string_view key, std::string_view secret, std::string_view socket_id,
                      std::string_view channel, std::string_view channel_data = {});
/// Constant-time check of a subscription's "auth".
bool VerifyAuth(std::string_view key, std::string_view secret, std::string_view socket_id,
                std::string_view channel, std::string_view channel_data, std::string_view auth);

/// One message from a client: {"event": ..., "channel"?: ..., "data"?: ...}. pusher-js sends data as an
/// object; a string holding JSON is accepted too.
struct ClientMessage {
  std::string event;
  std::string channel;
  boost::json::value data;
};
/// nullopt for anything that is not a JSON object with a string "event".
std::optional<ClientMessage> ParseClientMessage(std::string_view text);
/// The data of a message as an object (parsing a JSON string when the client sent one); empty otherwise.
boost::json::object DataObject(const boost::json::value& data);

/// {"event","channel","data"} where `data_json` (JSON text) travels as a string, as Pusher sends it.
std::string EventFrame(std::string_view event, std::string_view channel, std::string_view data_json);
std::string ConnectionEstablished(std::string_view socket_id, std::chrono::seconds activity_timeout);
/// pusher:error; `code` absent sends null (Pusher does for request-level errors).
std::string ErrorFrame(std::optional<int> code, std::string_view message);
/// pusher:subscription_error on a channel (as soketi sends; pusher-js hands it to the channel's bindings).
std::string SubscriptionErrorFrame(std::string_view channel, int status, std::string_view message);
std::string PingFrame();
std::string PongFrame();

struct Member {
  std::string user_id;
  boost::json::object user_info;
};
/// pusher_internal:subscription_succeeded's data for a presence channel: {"presence": {ids, hash, count}}.
std::string PresenceData(const std::vector<Member>& members);
/// What a private or presence subscription's signed channel_data says: the sign-in session that authorised it
/// (identity.sessions.id: the socket server drops the subscription once that session ends), and on a presence
/// channel the member.
struct SignedData {
  std::int64_t session_id = 0;
  /// Presence channels only.
  std::optional<Member> member;
};
/// channel_data as the auth route signs it for a private channel: {"session_id": "12"}.
std::string ChannelData(std::int64_t session_id);
/// The same for a presence channel: {"user_id": "7", "user_info": {...}, "session_id": "12"}. The other
/// members are told user_id and user_info only.
std::string ChannelData(std::int64_t session_id, std::string_view user_id,
                        const boost::json::object& user_info);
/// A subscription's signed channel_data for a channel of `kind` (private or presence); nullopt when it is
/// malformed, names no session, or (presence) no member.
std::optional<SignedData> ParseChannelData(ChannelKind kind, std::string_view channel_data);

/// The user a `private-user.{id}` channel belongs to (0 for any other name).
std::int64_t UserOfChannel(std::string_view channel) noexcept;

/// The scheme://host[:port] of a URL (lower-cased), as browsers send in Origin.
std::string OriginOf(std::string_view url);
/// An absent Origin (not a browser) passes: the check stops other sites' pages from opening sockets with
/// the user's cookies (cross-site WebSocket hijacking), which only browsers can be made to do.
bool OriginAllowed(std::string_view origin, const std::vector<std::string>& allowed);

/// At most `limit` events per one-second window (Pusher's client-event limit is 10 per second).
class EventRate final {
 public:
  explicit EventRate(std::uint32_t limit) : limit_(limit) {}
  bool Allow(std::chrono::steady_clock::time_point now) noexcept;

 private:
  std::uint32_t limit_;
  std::chrono::steady_clock::time_point window_start_{};
  std::uint32_t count_ = 0;
};

/// The app key from a request target "/app/{key}?protocol=7&…" under `prefix` ("/app/").
std::string AppKeyOf(std::string_view target, std::string_view prefix);
/// The `protocol` query parameter (0 when absent or not a number).
int ProtocolOf(std::string_view target);

}  // namespace artel::realtime::protocol
