#pragma once

// The users' notification settings (issue 25): what the settings page reads and saves, and the one-click
// unsubscribe. Described structs: web::Api checks them against libs/notifications/api.yaml.

#include <boost/asio/awaitable.hpp>
#include <boost/describe/class.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artel/core/actor.hpp"
#include "artel/core/clock.hpp"
#include "artel/notifications/notifications.hpp"

namespace artel::db {
class Pool;
}  // namespace artel::db

namespace artel::notifications {

struct ChannelIntervals {
  std::string site;
  std::string email;
};
BOOST_DESCRIBE_STRUCT(ChannelIntervals, (), (site, email))

struct KindSettingView {
  std::string kind;
  /// i18n keys (notifications namespace) of its label and description.
  std::string label_key;
  std::string description_key;
  bool locked = false;
  ChannelIntervals defaults;
  /// In effect for this user.
  std::string site;
  std::string email;
};
BOOST_DESCRIBE_STRUCT(KindSettingView, (), (kind, label_key, description_key, locked, defaults, site, email))

struct GroupSettingView {
  std::string group;
  std::string label_key;
  std::vector<KindSettingView> kinds;
};
BOOST_DESCRIBE_STRUCT(GroupSettingView, (), (group, label_key, kinds))

struct QuietHours {
  /// "HH:MM", local time in the user's zone; from > to spans midnight.
  std::string from;
  std::string to;
};
BOOST_DESCRIBE_STRUCT(QuietHours, (), (from, to))

struct NotificationSettingsView {
  bool email_verified = false;
  std::string time_zone;
  std::optional<QuietHours> quiet_hours;
  std::vector<GroupSettingView> groups;
};
BOOST_DESCRIBE_STRUCT(NotificationSettingsView, (), (email_verified, time_zone, quiet_hours, groups))

struct PreferenceInput {
  std::string kind;
  /// Absent: unchanged.
  std::optional<std::string> site;
  std::optional<std::string> email;
};
BOOST_DESCRIBE_STRUCT(PreferenceInput, (), (kind, site, email))

struct NotificationSettingsInput {
  std::string time_zone;
  std::optional<QuietHours> quiet_hours;
  std::vector<PreferenceInput> preferences;
};
BOOST_DESCRIBE_STRUCT(NotificationSettingsInput, (), (time_zone, quiet_hours, preferences))

struct UnsubscribedKind {
  std::string kind;
  std::string label_key;
};
BOOST_DESCRIBE_STRUCT(UnsubscribedKind, (), (kind, label_key))

struct UnsubscribedView {
  std::vector<UnsubscribedKind> kinds;
  std::string channel;
};
BOOST_DESCRIBE_STRUCT(UnsubscribedView, (), (kinds, channel))

class Settings final {
 public:
  Settings(db::Pool& pool, const Notifier& notifier, const Clock& clock)
      : pool_(pool), notifier_(notifier), clock_(clock) {}

  /// The owner's settings (403 notifications:settings_not_yours for anyone else).
  boost::asio::awaitable<NotificationSettingsView> Get(const Actor& actor, std::int64_t user_id) const;
  /// Stores the given kinds' intervals (a value equal to the default removes the choice), the time zone (a
  /// name PostgreSQL knows) and the quiet hours. 422 for an unknown kind, a locked kind changed, a bad zone,
  /// quiet hours from = to, or an e-mail interval other than never without a confirmed e-mail.
  boost::asio::awaitable<NotificationSettingsView> Put(const Actor& actor, std::int64_t user_id,
                                                       const NotificationSettingsInput& input) const;
  /// RFC 8058 one-click: the token's kind's channel becomes never. 400 notifications:unsubscribe_invalid for
  /// a token that does not verify or names a locked or unknown kind.
  boost::asio::awaitable<UnsubscribedView> Unsubscribe(std::string_view token) const;

 private:
  db::Pool& pool_;
  const Notifier& notifier_;
  const Clock& clock_;
};

}  // namespace artel::notifications
