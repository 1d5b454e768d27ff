#include "protocol.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <charconv>

#include "artel/core/crypto.hpp"
#include "artel/core/text.hpp"

namespace artel::realtime::protocol {
namespace {

namespace json = boost::json;

constexpr std::size_t kMaxChannelName = 164;
constexpr std::string_view kUserPrefix = "private-user.";

}  // namespace

bool ValidChannelName(std::string_view name) noexcept {
  if (name.empty() || name.size() > kMaxChannelName) return false;
  for (const char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                    c == '-' || c == '=' || c == '@' || c == ',' || c == '.' || c == ';';
    if (!ok) return false;
  }
  return true;
}

ChannelKind KindOf(std::string_view channel) noexcept {
  if (channel.starts_with("presence-")) return ChannelKind::kPresence;
  if (channel.starts_with("private-")) return ChannelKind::kPrivate;
  return ChannelKind::kPublic;
}

bool ValidSocketId(std::string_view socket_id) noexcept {
  const auto dot = socket_id.find('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 1 == socket_id.size() || socket_id.size() > 41) {
    return false;
  }
  for (std::size_t i = 0; i < socket_id.size(); ++i) {
    if (i == dot) continue;
    if (socket_id[i] < '0' || socket_id[i] > '9') return false;
  }
  return true;
}

std::string Signature(std::string_view secret, std::string_view socket_id, std::string_view channel,
                      std::string_view channel_data) {
  std::string text;
  text.reserve(socket_id.size() + channel.size() + channel_data.size() + 2);
  text.append(socket_id).append(":").append(channel);
  if (!channel_data.empty()) text.append(":").append(channel_data);
  return ToHex(HmacSha256(secret, text));
}

std::string AuthToken(std::string_view key, std::string_view secret, std::string_view socket_id,
                      std::string_view channel, std::string_view channel_data) {
  return std::string(key) + ":" + Signature(secret, socket_id, channel, channel_data);
}

bool VerifyAuth(std::string_view key, std::string_view secret, std::string_view socket_id,
                std::string_view channel, std::string_view channel_data, std::string_view auth) {
  const std::string expected = AuthToken(key, secret, socket_id, channel, channel_data);
  return ConstantTimeEquals(expected, auth);
}

std::optional<ClientMessage> ParseClientMessage(std::string_view text) {
  boost::system::error_code ec;
  json::value value = json::parse(text, ec);
  if (ec || !value.is_object()) return std::nullopt;
  auto& object = value.as_object();
  const auto* event = object.if_contains("event");
  if (event == nullptr || !event->is_string()) return std::nullopt;
  ClientMessage message;
  message.event = std::string(event->as_string());
  if (const auto* channel = object.if_contains("channel"); channel != nullptr && channel->is_string()) {
    message.channel = std::string(channel->as_string());
  }
  if (auto* data = object.if_contains("data")) message.data = std::move(*data);
  return message;
}

json::object DataObject(const json::value& data) {
  if (data.is_object()) return data.as_object();
  if (data.is_string()) {
    boost::system::error_code ec;
    json::value parsed = json::parse(data.as_string(), ec);
    if (!ec && parsed.is_object()) return std::move(parsed.as_object());
  }
  return {};
}

std::string EventFrame(std::string_view event, std::string_view channel, std::string_view data_json) {
  json::object frame{{"event", event}};
  if (!channel.empty()) frame["channel"] = channel;
  frame["data"] = data_json;
  return json::serialize(frame);
}

std::string ConnectionEstablished(std::string_view socket_id, std::chrono::seconds activity_timeout) {
  const json::object data{{"socket_id", socket_id}, {"activity_timeout", activity_timeout.count()}};
  return EventFrame("pusher:connection_established", {}, json::serialize(data));
}

std::string ErrorFrame(std::optional<int> code, std::string_view message) {
  json::object data{{"message", message}};
  if (code) {
    data["code"] = *code;
  } else {
    data["code"] = nullptr;
  }
  return json::serialize(json::object{{"event", "pusher:error"}, {"data", std::move(data)}});
}

std::string SubscriptionErrorFrame(std::string_view channel, int status, std::string_view message) {
  const json::object data{{"type", "AuthError"}, {"error", message}, {"status", status}};
  return json::serialize(
      json::object{{"event", "pusher:subscription_error"}, {"channel", channel}, {"data", data}});
}

std::string PingFrame() {
  return R"({"event":"pusher:ping","data":{}})";
}

std::string PongFrame() {
  return R"({"event":"pusher:pong","data":{}})";
}

std::string PresenceData(const std::vector<Member>& members) {
  json::array ids;
  json::object hash;
  for (const auto& member : members) {
    if (hash.contains(member.user_id)) continue;
    ids.emplace_back(member.user_id);
    hash[member.user_id] = member.user_info;
  }
  const auto count = static_cast<std::int64_t>(ids.size());
  const json::object presence{{"ids", std::move(ids)}, {"hash", std::move(hash)}, {"count", count}};
  return json::serialize(json::object{{"presence", presence}});
}

std::string ChannelData(std::int64_t session_id) {
  return json::serialize(json::object{{"session_id", std::to_string(session_id)}});
}

std::string ChannelData(std::int64_t session_id, std::string_view user_id, const json::object& user_info) {
  return json::serialize(json::object{
      {"user_id", user_id}, {"user_info", user_info}, {"session_id", std::to_string(session_id)}});
}

std::optional<SignedData> ParseChannelData(ChannelKind kind, std::string_view channel_data) {
  if (kind == ChannelKind::kPublic) return std::nullopt;
  boost::system::error_code ec;
  json::value value = json::parse(channel_data, ec);
  if (ec || !value.is_object()) return std::nullopt;
  const auto& object = value.as_object();
  SignedData data;
  // A string of digits, as the auth route writes it (or a number, as other Pusher servers write ids).
  const auto* session = object.if_contains("session_id");
  if (session != nullptr && session->is_string()) {
    const std::string_view digits = session->as_string();
    const auto [end, parse_ec] =
        std::from_chars(digits.data(), digits.data() + digits.size(), data.session_id);
    if (parse_ec != std::errc() || end != digits.data() + digits.size()) data.session_id = 0;
  } else if (session != nullptr && session->is_int64()) {
    data.session_id = session->as_int64();
  }
  if (data.session_id <= 0) return std::nullopt;
  if (kind == ChannelKind::kPrivate) return data;
  const auto* user_id = object.if_contains("user_id");
  if (user_id == nullptr) return std::nullopt;
  Member member;
  if (user_id->is_string()) {
    member.user_id = std::string(user_id->as_string());
  } else if (user_id->is_int64()) {
    member.user_id = std::to_string(user_id->as_int64());
  } else {
    return std::nullopt;
  }
  if (member.user_id.empty()) return std::nullopt;
  if (const auto* info = object.if_contains("user_info"); info != nullptr && info->is_object()) {
    member.user_info = info->as_object();
  }
  data.member = std::move(member);
  return data;
}

std::int64_t UserOfChannel(std::string_view channel) noexcept {
  if (!channel.starts_with(kUserPrefix)) return 0;
  const auto digits = channel.substr(kUserPrefix.size());
  std::int64_t id = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), id);
  if (ec != std::errc() || end != digits.data() + digits.size() || id <= 0) return 0;
  return id;
}

std::string OriginOf(std::string_view url) {
  const auto scheme_end = url.find("://");
  if (scheme_end == std::string_view::npos) return {};
  const auto host_end = url.find_first_of("/?#", scheme_end + 3);
  std::string origin(url.substr(0, host_end));
  for (char& c : origin) c = AsciiLower(c);
  // Default ports are left out of Origin by browsers.
  if (origin.starts_with("http://") && origin.ends_with(":80")) origin.resize(origin.size() - 3);
  if (origin.starts_with("https://") && origin.ends_with(":443")) origin.resize(origin.size() - 4);
  return origin;
}

bool OriginAllowed(std::string_view origin, const std::vector<std::string>& allowed) {
  if (origin.empty()) return true;
  const std::string normalized = OriginOf(origin);
  if (normalized.empty()) return false;
  for (const auto& entry : allowed) {
    if (entry == "*" || OriginOf(entry) == normalized) return true;
  }
  return false;
}

bool EventRate::Allow(std::chrono::steady_clock::time_point now) noexcept {
  if (now - window_start_ >= std::chrono::seconds(1)) {
    window_start_ = now;
    count_ = 0;
  }
  if (count_ >= limit_) return false;
  ++count_;
  return true;
}

std::string AppKeyOf(std::string_view target, std::string_view prefix) {
  if (!target.starts_with(prefix)) return {};
  auto rest = target.substr(prefix.size());
  return std::string(rest.substr(0, rest.find_first_of("/?")));
}

int ProtocolOf(std::string_view target) {
  const auto query_start = target.find('?');
  if (query_start == std::string_view::npos) return 0;
  auto query = target.substr(query_start + 1);
  while (!query.empty()) {
    const auto amp = query.find('&');
    const auto pair = query.substr(0, amp);
    if (pair.starts_with("protocol=")) {
      const auto digits = pair.substr(9);
      int value = 0;
      const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
      return ec == std::errc() && end == digits.data() + digits.size() ? value : 0;
    }
    if (amp == std::string_view::npos) break;
    query = query.substr(amp + 1);
  }
  return 0;
}

}  // namespace artel::realtime::protocol
