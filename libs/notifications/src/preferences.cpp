#include "artel/notifications/preferences.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <charconv>

#include "artel/core/crypto.hpp"

namespace artel::notifications {
namespace {

std::string KindList(const UnsubscribeClaim& claim) {
  return fmt::format("{}", fmt::join(claim.kinds, ","));
}

std::string SignedText(const UnsubscribeClaim& claim) {
  return fmt::format("artel.unsubscribe\n{}\n{}\n{}", claim.user_id, KindList(claim),
                     kChannelNames.Name(claim.channel));
}

bool KindName(std::string_view name) {
  if (name.empty() || name.size() > 40) return false;
  for (char c : name) {
    if (!((c >= 'a' && c <= 'z') || c == '_')) return false;
  }
  return true;
}

}  // namespace

Interval Resolve(const Kind& kind, Channel channel, std::optional<Interval> stored) noexcept {
  const Interval fallback = channel == Channel::kSite ? kind.site : kind.email;
  if (kind.locked) return fallback;
  return stored.value_or(fallback);
}

std::string SignUnsubscribe(std::string_view key, const UnsubscribeClaim& claim) {
  return fmt::format("{}.{}.{}.{}", claim.user_id, KindList(claim), kChannelNames.Name(claim.channel),
                     Base64UrlEncode(HmacSha256(key, SignedText(claim))));
}

std::optional<UnsubscribeClaim> VerifyUnsubscribe(std::string_view key, std::string_view token) {
  // user.kind.channel.signature; kinds are [a-z_], so the dots are unambiguous.
  std::string_view parts[4];
  std::string_view rest = token;
  for (int i = 0; i < 3; ++i) {
    const auto dot = rest.find('.');
    if (dot == std::string_view::npos) return std::nullopt;
    parts[i] = rest.substr(0, dot);
    rest.remove_prefix(dot + 1);
  }
  parts[3] = rest;
  UnsubscribeClaim claim;
  const auto* end = parts[0].data() + parts[0].size();
  auto [ptr, error] = std::from_chars(parts[0].data(), end, claim.user_id);
  if (error != std::errc() || ptr != end || claim.user_id <= 0 || parts[0].starts_with('0'))
    return std::nullopt;
  // One kind or several, comma-separated, each once (at most kMaxUnsubscribeKinds).
  for (std::string_view list = parts[1];;) {
    const auto comma = list.find(',');
    const auto name = list.substr(0, comma);
    if (!KindName(name) || std::ranges::find(claim.kinds, name) != claim.kinds.end() ||
        claim.kinds.size() == kMaxUnsubscribeKinds)
      return std::nullopt;
    claim.kinds.emplace_back(name);
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  const auto channel = kChannelNames.Parse(parts[2]);
  if (!channel) return std::nullopt;
  claim.channel = *channel;
  std::string signature;
  if (!Base64UrlDecode(parts[3], signature)) return std::nullopt;
  if (!ConstantTimeEquals(signature, HmacSha256(key, SignedText(claim)))) return std::nullopt;
  return claim;
}

}  // namespace artel::notifications
