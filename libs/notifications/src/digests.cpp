#include "artel/notifications/digests.hpp"

#include <fmt/format.h>

#include <boost/json/value.hpp>
#include <map>
#include <stdexcept>

#include "artel/db/pool.hpp"
#include "artel/i18n/catalog.hpp"
#include "artel/mail/mail.hpp"
#include "artel/notifications/digest_period.hpp"
#include "item_name.hpp"

namespace artel::notifications {
namespace {

using boost::asio::awaitable;

constexpr std::int64_t kBatch = 200;
constexpr std::size_t kItemsPerKind = 20;

// The registry's defaults ride as arrays: $1 kinds, $2 their e-mail defaults, $3 the locked ones.
constexpr db::Statement kCandidates{"notifications.digest_candidates", R"sql(
SELECT DISTINCT n.user_id, coalesce(p.frequency, d.frequency) AS frequency,
       coalesce(s.time_zone, 'UTC') AS time_zone,
       (extract(hour FROM s.quiet_from) * 60 + extract(minute FROM s.quiet_from))::int AS quiet_from,
       (extract(hour FROM s.quiet_to) * 60 + extract(minute FROM s.quiet_to))::int AS quiet_to,
       g.period_start AS last_period
FROM notifications.notifications n
JOIN unnest($1::text[], $2::text[]) AS d(kind, frequency) ON d.kind = n.kind
JOIN identity.users u ON u.id = n.user_id AND u.email_verified_at IS NOT NULL
LEFT JOIN notifications.preferences p
  ON p.user_id = n.user_id AND p.kind = n.kind AND p.channel = 'email' AND p.kind <> ALL ($3::text[])
LEFT JOIN notifications.user_settings s ON s.user_id = n.user_id
LEFT JOIN notifications.digests g ON g.user_id = n.user_id AND g.frequency = coalesce(p.frequency, d.frequency)
WHERE n.digested_at IS NULL AND coalesce(p.frequency, d.frequency) IN ('hourly', 'daily', 'weekly', 'monthly')
  AND (n.user_id, coalesce(p.frequency, d.frequency)) > ($4::bigint, $5::text)
ORDER BY 1, 2
LIMIT $6
)sql"};

constexpr db::Statement kTake{"notifications.digest_take", R"sql(
SELECT n.id, n.kind, n.payload
FROM notifications.notifications n
JOIN unnest($2::text[], $3::text[]) AS d(kind, frequency) ON d.kind = n.kind
LEFT JOIN notifications.preferences p
  ON p.user_id = n.user_id AND p.kind = n.kind AND p.channel = 'email' AND p.kind <> ALL ($4::text[])
WHERE n.user_id = $1 AND n.digested_at IS NULL AND coalesce(p.frequency, d.frequency) = $5
  AND n.created_at < $6
ORDER BY n.id
FOR UPDATE OF n SKIP LOCKED
)sql"};

constexpr db::Statement kRecipient{"notifications.digest_recipient", R"sql(
SELECT email::text AS email, name, lang FROM identity.users WHERE id = $1 AND email_verified_at IS NOT NULL
)sql"};

// Only a later period than the last one recorded: the same period is never mailed twice.
constexpr db::Statement kRecord{"notifications.digest_record", R"sql(
INSERT INTO notifications.digests AS g (user_id, frequency, period_start, sent_at) VALUES ($1, $2, $3, $4)
ON CONFLICT (user_id, frequency) DO UPDATE SET period_start = EXCLUDED.period_start, sent_at = EXCLUDED.sent_at
WHERE g.period_start < EXCLUDED.period_start
RETURNING user_id
)sql"};

constexpr db::Statement kMark{"notifications.digest_mark", R"sql(
UPDATE notifications.notifications SET digested_at = $2 WHERE id = ANY ($1::bigint[])
)sql"};

struct Registry {
  std::vector<std::string> kinds, defaults, locked;
};

Registry Defaults(const Notifier& notifier) {
  Registry registry;
  for (const auto& kind : notifier.Kinds()) {
    registry.kinds.push_back(kind.name);
    registry.defaults.emplace_back(kIntervalNames.Name(kind.email));
    if (kind.locked) registry.locked.push_back(kind.name);
  }
  return registry;
}

struct Item {
  std::string name, link;
};

/// Built outside the coroutine (g++ 12 and aggregates of strings in co_await expressions).
mail::OutgoingMail DigestMail(const MailDelivery& delivery, const Notifier& notifier, std::int64_t user_id,
                              std::string_view frequency, const db::Row& user, const db::Result& rows) {
  const auto lang = user.Get<std::string>("lang");
  const std::string& base = delivery.public_url;
  const i18n::Catalog& catalog = *delivery.catalog;
  // Grouped by kind, in the registry's order.
  std::map<std::size_t, std::vector<Item>> groups;
  const auto& kinds = notifier.Kinds();
  for (auto row : rows) {
    const auto name = row.Get<std::string>("kind");
    const Kind* kind = notifier.Find(name);
    if (kind == nullptr) continue;
    const auto payload = row.Get<boost::json::value>("payload");
    const boost::json::object empty;
    const auto& object = payload.is_object() ? payload.as_object() : empty;
    std::string path = kind->path ? kind->path(object) : std::string();
    if (path.empty()) path = "/notifications";
    groups[static_cast<std::size_t>(kind - kinds.data())].push_back(
        {ItemName(object), base + "/" + lang + path});
  }
  std::string items;
  for (const auto& [index, list] : groups) {
    const Kind& kind = kinds[index];
    const std::string label = catalog.Translate(lang, "notifications:kinds." + kind.name + ".label");
    if (!items.empty()) items += "\n\n";
    items += catalog.Translate(lang, "notifications:mail.digest.kind",
                               {{"label", label}, {"count", std::to_string(list.size())}});
    for (std::size_t i = 0; i < list.size() && i < kItemsPerKind; ++i) {
      items += "\n• " + (list[i].name.empty() ? label : list[i].name) + " — " + list[i].link;
    }
    if (list.size() > kItemsPerKind) {
      items += "\n" + catalog.Translate(lang, "notifications:mail.digest.more",
                                        {{"count", std::to_string(list.size() - kItemsPerKind)}});
    }
  }
  const std::string count = std::to_string(rows.Size());
  // One click stops what this digest was about: every kind in it (RFC 8058 unsubscribes from "this list").
  UnsubscribeClaim claim{user_id, {}, Channel::kEmail};
  for (const auto& group : groups) {
    if (!kinds[group.first].locked) claim.kinds.push_back(kinds[group.first].name);
  }
  const std::string token = SignUnsubscribe(delivery.unsubscribe_key, claim);
  mail::OutgoingMail mail;
  mail.to = user.Get<std::string>("email");
  mail.lang = lang;
  mail.template_name = "notifications:mail.digest";
  mail.params = {
      {"name", user.Get<std::string>("name")},
      {"period", catalog.Translate(lang, fmt::format("notifications:mail.digest.periods.{}", frequency))},
      {"summary", catalog.Translate(lang, "notifications:mail.digest.summary", {{"count", count}})},
      {"items", std::move(items)},
      {"link", fmt::format("{}/{}/notifications", base, lang)},
      {"settings", fmt::format("{}/{}/settings/{}/notifications", base, lang, user_id)},
      {"unsubscribe", fmt::format("{}/{}/unsubscribe?token={}", base, lang, token)}};
  mail.headers = {
      {"List-Unsubscribe", fmt::format("<{}/api/notifications/unsubscribe?token={}>", base, token)},
      {"List-Unsubscribe-Post", "List-Unsubscribe=One-Click"}};
  return mail;
}

}  // namespace

awaitable<int> Digests::RunRound() const {
  if (!notifier_.Mail()) throw std::logic_error("notifications: digests need the mail delivery");
  const MailDelivery& delivery = *notifier_.Mail();
  const TimePoint now = clock_.Now();
  const Registry registry = Defaults(notifier_);
  int sent = 0;
  std::int64_t after_user = 0;
  std::string after_frequency;
  for (;;) {
    auto candidates = co_await pool_.Query(kCandidates, registry.kinds, registry.defaults, registry.locked,
                                           after_user, after_frequency, kBatch);
    if (candidates.Empty()) break;
    for (auto candidate : candidates) {
      const auto user_id = candidate.Get<std::int64_t>("user_id");
      const auto frequency = candidate.Get<std::string>("frequency");
      after_user = user_id;
      after_frequency = frequency;
      const TimeZone& zone = zones_.Get(candidate.Get<std::string>("time_zone"));
      std::optional<QuietMinutes> quiet;
      if (auto from = candidate.Get<std::optional<std::int32_t>>("quiet_from")) {
        quiet = QuietMinutes{*from, candidate.Get<std::int32_t>("quiet_to")};
      }
      const auto interval = kIntervalNames.Parse(frequency);
      const auto due = DuePeriod(*interval, now, zone, quiet);
      if (!due) continue;
      const auto last = candidate.Get<std::optional<TimePoint>>("last_period");
      if (last && *last >= *due) continue;

      auto tx = co_await pool_.Begin();
      auto taken = co_await tx.Query(kTake, user_id, registry.kinds, registry.defaults, registry.locked,
                                     frequency, *due);
      if (taken.Empty()) continue;  // nothing new before the period, or another round holds it
      auto recipient = co_await tx.Query(kRecipient, user_id);
      if (recipient.Empty()) continue;
      auto recorded = co_await tx.Query(kRecord, user_id, frequency, *due, now);
      if (recorded.Empty()) continue;  // this period went out already
      const mail::OutgoingMail message =
          DigestMail(delivery, notifier_, user_id, frequency, recipient.One(), taken);
      co_await mail::Enqueue(tx, message);
      std::vector<std::int64_t> ids;
      for (auto row : taken) ids.push_back(row.Get<std::int64_t>("id"));
      co_await tx.Query(kMark, ids, now);
      co_await tx.Commit();
      ++sent;
    }
    if (candidates.Size() < static_cast<std::size_t>(kBatch)) break;
  }
  co_return sent;
}

}  // namespace artel::notifications
