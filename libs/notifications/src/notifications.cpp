#include "artel/notifications/notifications.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <boost/json/value.hpp>
#include <stdexcept>

#include "artel/core/time.hpp"
#include "artel/db/pool.hpp"
#include "artel/i18n/catalog.hpp"
#include "artel/kernel/json.hpp"
#include "artel/mail/mail.hpp"
#include "artel/realtime/publisher.hpp"
#include "inbox.hpp"
#include "item_name.hpp"

namespace artel::notifications {
namespace {

using boost::asio::awaitable;

constexpr db::Statement kInsert{"notifications.insert", R"sql(
INSERT INTO notifications.notifications (user_id, kind, payload, created_at, digested_at, on_site)
VALUES ($1, $2, $3, $4::timestamptz, CASE WHEN $5::boolean THEN NULL ELSE $4::timestamptz END, $6)
RETURNING id, kind, payload, created_at, read_at IS NOT NULL AS read
)sql"};

// The recipient and their stored choices for one kind, read in the writing transaction.
constexpr db::Statement kRecipient{"notifications.recipient", R"sql(
SELECT u.email::text AS email, u.name, u.lang, u.email_verified_at IS NOT NULL AS email_verified,
       (SELECT frequency FROM notifications.preferences WHERE user_id = u.id AND kind = $2 AND channel = 'site')
         AS site,
       (SELECT frequency FROM notifications.preferences WHERE user_id = u.id AND kind = $2 AND channel = 'email')
         AS email_frequency
FROM identity.users u WHERE u.id = $1
)sql"};

}  // namespace

Notifier::Notifier(platform::EventBus& events, const realtime::Publisher* publisher)
    : events_(events), publisher_(publisher) {}

void Notifier::AddKind(Kind kind) {
  if (kind.name.empty()) throw std::logic_error("notifications: a kind needs a name");
  if (Find(kind.name) != nullptr) {
    throw std::logic_error("notifications: kind " + kind.name + " is registered twice");
  }
  if (kind.locked && (kind.site == Interval::kNever || kind.email == Interval::kNever)) {
    throw std::logic_error("notifications: locked kind " + kind.name + " must be delivered on both channels");
  }
  kinds_.push_back(std::move(kind));
}

const Kind* Notifier::Find(std::string_view name) const noexcept {
  auto it = std::ranges::find(kinds_, name, &Kind::name);
  return it == kinds_.end() ? nullptr : &*it;
}

const Kind& Notifier::RequireKind(std::string_view kind) const {
  const Kind* found = Find(kind);
  if (found == nullptr) {
    throw std::logic_error("notifications: kind " + std::string(kind) + " was never registered");
  }
  return *found;
}

awaitable<void> Notifier::Write(db::Transaction& tx, std::int64_t user_id, std::string_view kind,
                                const boost::json::object& payload, TimePoint at) const {
  const Kind& info = RequireKind(kind);
  auto recipient = co_await tx.Query(kRecipient, user_id, kind);
  if (recipient.Empty()) co_return;  // the account is gone
  const db::Row user = recipient.One();
  const auto stored = [&](std::string_view column) -> std::optional<Interval> {
    auto name = user.Get<std::optional<std::string>>(column);
    if (!name) return std::nullopt;
    return kIntervalNames.Parse(*name);
  };
  const Interval email = Resolve(info, Channel::kEmail, stored("email_frequency"));
  if (email == Interval::kImmediately && mail_ && !muted_ && user.Get<bool>("email_verified")) {
    co_await SendMail(tx, user_id, info, payload, user);
  }
  // A digest interval keeps the row waiting for the digest job (digested_at NULL), on the site or not.
  const bool digest = email >= Interval::kHourly;
  const bool on_site = Resolve(info, Channel::kSite, stored("site")) != Interval::kNever;
  if (!on_site && !digest) co_return;
  const boost::json::value value = payload;
  auto inserted = co_await tx.Query(kInsert, user_id, kind, value, at, digest, on_site);
  if (publisher_ == nullptr || !on_site) co_return;
  const std::int64_t unread = co_await UnreadOnSite(tx, user_id);
  const NotificationView view = ViewOf(inserted.One());
  const boost::json::value event =
      boost::json::object{{"notification", kernel::ToJson(view)}, {"unread", unread}};
  const std::string channel = realtime::UserChannel(user_id);
  co_await publisher_->Publish(tx, channel, "notification.new", event);
}

/// What the mail names: the order's, vacancy's or article's title, or the company's name.
std::string ItemName(const boost::json::object& payload) {
  if (const auto* name = payload.if_contains("order_name"); name != nullptr && name->is_string()) {
    return std::string(name->as_string());
  }
  for (std::string_view key : {"vacancy", "article", "company"}) {
    const auto* object = payload.if_contains(key);
    if (object == nullptr || !object->is_object()) continue;
    for (std::string_view field : {"title", "name"}) {
      const auto* text = object->as_object().if_contains(field);
      if (text != nullptr && text->is_string()) return std::string(text->as_string());
    }
  }
  return {};
}

namespace {

/// Built outside the coroutine: g++ 12 mishandles aggregates of strings inside a co_await expression.
mail::OutgoingMail NotificationMail(const MailDelivery& delivery, std::int64_t user_id, const Kind& kind,
                                    const boost::json::object& payload, const db::Row& user) {
  const auto lang = user.Get<std::string>("lang");
  const std::string base = delivery.public_url;
  std::string path = kind.path ? kind.path(payload) : std::string();
  if (path.empty()) path = "/notifications";
  const std::string token =
      SignUnsubscribe(delivery.unsubscribe_key, UnsubscribeClaim{user_id, {kind.name}, Channel::kEmail});
  const std::string title = delivery.catalog->Translate(lang, "notifications:kinds." + kind.name + ".label");
  std::string item = ItemName(payload);
  mail::OutgoingMail mail;
  mail.to = user.Get<std::string>("email");
  mail.lang = lang;
  mail.template_name = "notifications:mail.notification";
  mail.params = {{"name", user.Get<std::string>("name")},
                 {"title", title},
                 {"item", item.empty() ? title : std::move(item)},
                 {"link", base + "/" + lang + path},
                 {"settings", fmt::format("{}/{}/settings/{}/notifications", base, lang, user_id)},
                 {"unsubscribe", fmt::format("{}/{}/unsubscribe?token={}", base, lang, token)}};
  // RFC 8058: the POST target answers without a session; the mail client posts
  // "List-Unsubscribe=One-Click" to it.
  mail.headers = {
      {"List-Unsubscribe", fmt::format("<{}/api/notifications/unsubscribe?token={}>", base, token)},
      {"List-Unsubscribe-Post", "List-Unsubscribe=One-Click"}};
  return mail;
}

}  // namespace

awaitable<void> Notifier::SendMail(db::Transaction& tx, std::int64_t user_id, const Kind& kind,
                                   const boost::json::object& payload, const db::Row& user) const {
  const mail::OutgoingMail message = NotificationMail(*mail_, user_id, kind, payload, user);
  co_await mail::Enqueue(tx, message);
}

}  // namespace artel::notifications
