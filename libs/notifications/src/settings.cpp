#include "settings.hpp"

#include <fmt/format.h>

#include <map>

#include "artel/core/error.hpp"
#include "artel/db/pool.hpp"

namespace artel::notifications {
namespace {

using boost::asio::awaitable;

constexpr db::Statement kUser{"notifications.settings_user", R"sql(
SELECT u.email_verified_at IS NOT NULL AS email_verified, coalesce(s.time_zone, 'UTC') AS time_zone,
       to_char(s.quiet_from, 'HH24:MI') AS quiet_from, to_char(s.quiet_to, 'HH24:MI') AS quiet_to
FROM identity.users u LEFT JOIN notifications.user_settings s ON s.user_id = u.id
WHERE u.id = $1
)sql"};

constexpr db::Statement kPreferences{"notifications.preferences", R"sql(
SELECT kind, channel, frequency FROM notifications.preferences WHERE user_id = $1
)sql"};

constexpr db::Statement kZoneKnown{"notifications.zone_known", R"sql(
SELECT EXISTS (SELECT 1 FROM pg_timezone_names WHERE name = $1) AS known
)sql"};

constexpr db::Statement kSaveSettings{"notifications.save_settings", R"sql(
INSERT INTO notifications.user_settings (user_id, time_zone, quiet_from, quiet_to, updated_at)
VALUES ($1, $2, $3::time, $4::time, $5)
ON CONFLICT (user_id) DO UPDATE
SET time_zone = EXCLUDED.time_zone, quiet_from = EXCLUDED.quiet_from, quiet_to = EXCLUDED.quiet_to,
    updated_at = EXCLUDED.updated_at
)sql"};

constexpr db::Statement kSavePreference{"notifications.save_preference", R"sql(
INSERT INTO notifications.preferences (user_id, kind, channel, frequency, updated_at)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (user_id, kind, channel) DO UPDATE
SET frequency = EXCLUDED.frequency, updated_at = EXCLUDED.updated_at
)sql"};

constexpr db::Statement kForgetPreference{"notifications.forget_preference", R"sql(
DELETE FROM notifications.preferences WHERE user_id = $1 AND kind = $2 AND channel = $3
)sql"};

void RequireOwner(const Actor& actor, std::int64_t user_id) {
  if (actor.user_id != user_id) throw Forbidden({"notifications:settings_not_yours", {}});
}

std::string Name(Interval interval) {
  return std::string(kIntervalNames.Name(interval));
}

using Stored = std::map<std::pair<std::string, std::string>, Interval, std::less<>>;

std::optional<Interval> Lookup(const Stored& stored, const std::string& kind, Channel channel) {
  auto it = stored.find(std::pair{kind, std::string(kChannelNames.Name(channel))});
  if (it == stored.end()) return std::nullopt;
  return it->second;
}

}  // namespace

awaitable<NotificationSettingsView> Settings::Get(const Actor& actor, std::int64_t user_id) const {
  RequireOwner(actor, user_id);
  std::vector<db::PipelineQuery> queries;
  queries.push_back({kUser, db::MakeParams(user_id)});
  queries.push_back({kPreferences, db::MakeParams(user_id)});
  auto results = co_await pool_.Pipeline(std::move(queries));
  if (results[0].Empty()) throw NotFound();
  const auto user = results[0].One();
  Stored stored;
  for (auto row : results[1]) {
    auto interval = kIntervalNames.Parse(row.Get<std::string_view>("frequency"));
    if (!interval) continue;
    stored[{row.Get<std::string>("kind"), row.Get<std::string>("channel")}] = *interval;
  }

  NotificationSettingsView view;
  view.email_verified = user.Get<bool>("email_verified");
  view.time_zone = user.Get<std::string>("time_zone");
  auto from = user.Get<std::optional<std::string>>("quiet_from");
  auto to = user.Get<std::optional<std::string>>("quiet_to");
  if (from && to) view.quiet_hours = QuietHours{*from, *to};
  // The groups in their fixed order, each with its kinds in registration order; empty groups left out.
  for (const auto& entry : kGroupNames) {
    GroupSettingView group;
    group.group = std::string(entry.name);
    group.label_key = fmt::format("notifications:groups.{}", entry.name);
    for (const Kind& kind : notifier_.Kinds()) {
      if (kind.group != entry.value) continue;
      KindSettingView item;
      item.kind = kind.name;
      item.label_key = fmt::format("notifications:kinds.{}.label", kind.name);
      item.description_key = fmt::format("notifications:kinds.{}.description", kind.name);
      item.locked = kind.locked;
      item.defaults = {Name(kind.site), Name(kind.email)};
      item.site = Name(Resolve(kind, Channel::kSite, Lookup(stored, kind.name, Channel::kSite)));
      item.email = Name(Resolve(kind, Channel::kEmail, Lookup(stored, kind.name, Channel::kEmail)));
      group.kinds.push_back(std::move(item));
    }
    if (!group.kinds.empty()) view.groups.push_back(std::move(group));
  }
  co_return view;
}

awaitable<NotificationSettingsView> Settings::Put(const Actor& actor, std::int64_t user_id,
                                                  const NotificationSettingsInput& input) const {
  RequireOwner(actor, user_id);
  auto tx = co_await pool_.Begin();
  auto users = co_await tx.Query(kUser, user_id);
  if (users.Empty()) throw NotFound();
  const bool verified = users.One().Get<bool>("email_verified");

  ValidationErrors errors;
  struct Change {
    const Kind* kind;
    Channel channel;
    Interval interval;
  };
  std::vector<Change> changes;
  for (std::size_t i = 0; i < input.preferences.size(); ++i) {
    const auto& preference = input.preferences[i];
    const std::string field = fmt::format("preferences.{}", i);
    const Kind* kind = notifier_.Find(preference.kind);
    if (kind == nullptr) {
      errors.Add(field + ".kind", {"notifications:kind_unknown", {}});
      continue;
    }
    for (auto [channel, value] :
         {std::pair{Channel::kSite, &preference.site}, std::pair{Channel::kEmail, &preference.email}}) {
      if (!*value) continue;
      const std::string where = field + "." + std::string(kChannelNames.Name(channel));
      // The contract's enum has checked the name.
      const auto interval = kIntervalNames.Parse(**value).value_or(Interval::kNever);
      const Interval fallback = channel == Channel::kSite ? kind->site : kind->email;
      if (kind->locked && interval != fallback) {
        errors.Add(where, {"notifications:kind_locked", {}});
      } else if (channel == Channel::kEmail && interval != Interval::kNever && !verified) {
        errors.Add(where, {"notifications:email_unconfirmed", {}});
      } else {
        changes.push_back({kind, channel, interval});
      }
    }
  }
  auto known = co_await tx.Query(kZoneKnown, input.time_zone);
  if (!known.One().Get<bool>("known")) errors.Add("time_zone", {"notifications:time_zone_unknown", {}});
  if (input.quiet_hours && input.quiet_hours->from == input.quiet_hours->to) {
    errors.Add("quiet_hours.to", {"notifications:quiet_hours_empty", {}});
  }
  errors.ThrowIfAny();

  const TimePoint now = clock_.Now();
  std::optional<std::string> from, to;
  if (input.quiet_hours) {
    from = input.quiet_hours->from;
    to = input.quiet_hours->to;
  }
  co_await tx.Query(kSaveSettings, user_id, input.time_zone, from, to, now);
  for (const auto& change : changes) {
    const std::string channel(kChannelNames.Name(change.channel));
    const Interval fallback = change.channel == Channel::kSite ? change.kind->site : change.kind->email;
    if (change.interval == fallback) {
      co_await tx.Query(kForgetPreference, user_id, change.kind->name, channel);
    } else {
      const std::string interval = Name(change.interval);
      co_await tx.Query(kSavePreference, user_id, change.kind->name, channel, interval, now);
    }
  }
  co_await tx.Commit();
  co_return co_await Get(actor, user_id);
}

awaitable<UnsubscribedView> Settings::Unsubscribe(std::string_view token) const {
  const auto& delivery = notifier_.Mail();
  std::optional<UnsubscribeClaim> claim;
  if (delivery) claim = VerifyUnsubscribe(delivery->unsubscribe_key, token);
  if (!claim) throw BadRequest({"notifications:unsubscribe_invalid", {}});
  std::vector<const Kind*> kinds;
  for (const auto& name : claim->kinds) {
    const Kind* kind = notifier_.Find(name);
    if (kind == nullptr || kind->locked) throw BadRequest({"notifications:unsubscribe_invalid", {}});
    kinds.push_back(kind);
  }
  const std::string channel(kChannelNames.Name(claim->channel));
  const std::string never = Name(Interval::kNever);
  const TimePoint now = clock_.Now();
  // Idempotent: a second click (or the mail client's retry) changes nothing more. A deleted account's
  // token fails the foreign key and is refused like a forged one.
  auto tx = co_await pool_.Begin();
  auto users = co_await tx.Query("SELECT 1 FROM identity.users WHERE id = $1", claim->user_id);
  if (users.Empty()) throw BadRequest({"notifications:unsubscribe_invalid", {}});
  UnsubscribedView view;
  view.channel = channel;
  for (const Kind* kind : kinds) {
    co_await tx.Query(kSavePreference, claim->user_id, kind->name, channel, never, now);
    view.kinds.push_back({kind->name, fmt::format("notifications:kinds.{}.label", kind->name)});
  }
  co_await tx.Commit();
  co_return view;
}

}  // namespace artel::notifications
