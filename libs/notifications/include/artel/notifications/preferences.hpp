#pragma once

#include <boost/json/object.hpp>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artel/kernel/enum_names.hpp"

namespace artel::notifications {

/// How often a kind reaches a user on a channel (SPEC §9). Only `never` and `immediately` are delivered so
/// far; hourly…monthly are stored for the digests (issue 25) and, on the site, write the row like
/// `immediately`.
enum class Interval { kNever, kImmediately, kHourly, kDaily, kWeekly, kMonthly };
inline constexpr kernel::EnumNames<Interval, 6> kIntervalNames{{{Interval::kNever, "never"},
                                                                {Interval::kImmediately, "immediately"},
                                                                {Interval::kHourly, "hourly"},
                                                                {Interval::kDaily, "daily"},
                                                                {Interval::kWeekly, "weekly"},
                                                                {Interval::kMonthly, "monthly"}}};

enum class Channel { kSite, kEmail };
inline constexpr kernel::EnumNames<Channel, 2> kChannelNames{
    {{Channel::kSite, "site"}, {Channel::kEmail, "email"}}};

/// The settings page's sections, in the page's order.
enum class Group { kOrders, kDeals, kMessages, kJobs, kArticles, kAccount };
inline constexpr kernel::EnumNames<Group, 6> kGroupNames{{{Group::kOrders, "orders"},
                                                          {Group::kDeals, "deals"},
                                                          {Group::kMessages, "messages"},
                                                          {Group::kJobs, "jobs"},
                                                          {Group::kArticles, "articles"},
                                                          {Group::kAccount, "account"}}};

/// What a module declares for each kind it registers. The settings page is built from these, so a new
/// module's kinds appear there by registration alone; their label and description are
/// `notifications:kinds.<name>.label|description` in i18n/<lang>/notifications.json.
struct Kind {
  std::string name;
  Group group = Group::kOrders;
  /// The defaults of a user who has not chosen.
  Interval site = Interval::kImmediately;
  Interval email = Interval::kNever;
  /// Security kinds: always delivered at their defaults; the page shows them locked.
  bool locked = false;
  /// The item's path after `/{lang}` (`/order/12`), for the e-mail's button; empty → the notifications page.
  std::function<std::string(const boost::json::object& payload)> path;
};

/// The interval in effect: a locked kind's default, otherwise what the user stored, otherwise the default.
Interval Resolve(const Kind& kind, Channel channel, std::optional<Interval> stored) noexcept;

/// What a one-click unsubscribe link names.
/// What a one-click unsubscribe link stops: the kinds a mail was about (one for an immediate mail, every kind
/// in it for a digest) on a channel, for one user.
struct UnsubscribeClaim {
  std::int64_t user_id = 0;
  std::vector<std::string> kinds;
  Channel channel = Channel::kEmail;
  bool operator==(const UnsubscribeClaim&) const = default;
};

/// `<user>.<kind>[,<kind>…].<channel>.<signature>`: the signature is HMAC-SHA256 with `key` over all three,
/// so a token cannot be made without the key nor turned to another user, kind (or set of kinds) or channel.
std::string SignUnsubscribe(std::string_view key, const UnsubscribeClaim& claim);
/// The most kinds one token names (a digest's kinds; the registry has fewer).
inline constexpr std::size_t kMaxUnsubscribeKinds = 64;
/// The claim of a token `key` signed; nullopt for anything else (malformed, forged, altered).
std::optional<UnsubscribeClaim> VerifyUnsubscribe(std::string_view key, std::string_view token);

}  // namespace artel::notifications
