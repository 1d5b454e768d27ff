#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artel/core/clock.hpp"
#include "artel/notifications/preferences.hpp"
#include "artel/platform/events.hpp"

namespace artel::db {
class Transaction;
class Row;
}  // namespace artel::db

namespace artel::realtime {
class Publisher;
}  // namespace artel::realtime

namespace artel::i18n {
class Catalog;
}  // namespace artel::i18n

namespace artel::notifications {

/// One notification to write: for whom, and what the client needs to render it.
struct Notice {
  std::int64_t user_id = 0;
  boost::json::object payload;
};

/// How immediate e-mails are made: links start with `public_url`; `unsubscribe_key` signs the one-click
/// unsubscribe links; `catalog` gives the kinds' labels in the recipient's language.
struct MailDelivery {
  std::string public_url;
  std::string unsubscribe_key;
  const i18n::Catalog* catalog = nullptr;
};

/// The open registry of notification kinds. A module that wants its events to notify somebody registers
/// each kind once, with its group and defaults (`Kind`), the event that triggers it and the builder that
/// turns the event into notices (none, one, or several recipients):
///
///   notifier.On<bids::BidPlaced>({.name = "bid_received", .group = Group::kOrders, .email =
///   Interval::kImmediately,
///                                 .path = OrderPath},
///                                [](const bids::BidPlaced& e) {
///     return std::vector<Notice>{{e.order.customer.id, OrderPayload(...)}};
///   });
///
/// The notices are written by the event's listener, inside the transaction that published it, so a
/// notification exists exactly when its event committed, stamped with the event's time (`Event::at`), and
/// only as the recipient's preferences say (see Write). `kind` is what the API returns; the SPA renders by
/// it, and the settings page lists the registry (GET /api/users/{id}/notification-settings).
class Notifier final {
 public:
  /// With a `publisher`, every row written is also pushed as `notification.new` to the user's private
  /// channel in the same transaction: {notification: <an item of GET /api/notifications>, unread}.
  explicit Notifier(platform::EventBus& events, const realtime::Publisher* publisher = nullptr);

  template <class Event>
  void On(Kind kind, std::function<std::vector<Notice>(const Event&)> build) {
    std::string name = kind.name;
    AddKind(std::move(kind));
    Listen<Event>(std::move(name), std::move(build));
  }

  /// Turns on immediate e-mails (the module does; without it only the site channel is written).
  void UseMail(MailDelivery delivery) { mail_ = std::move(delivery); }
  /// Turns immediate e-mails off for the rest of the process: `artel seed-demo` (a one-shot command) does, so
  /// the seeders' events, history rather than news, queue no mails to the demo accounts.
  void MuteMail() noexcept { muted_ = true; }

  /// One more event for a kind another module registered (bids' expired invitations open orders too:
  /// order_opened). std::logic_error when the kind is not registered yet.
  template <class Event>
  void AlsoOn(std::string kind, std::function<std::vector<Notice>(const Event&)> build) {
    RequireKind(kind);
    Listen<Event>(std::move(kind), std::move(build));
  }

  /// Writes one notification of a registered `kind` inside `tx` as the user's preferences say: the in-app
  /// row unless the kind's site interval is `never`; with MailDelivery, a confirmed e-mail and the e-mail
  /// interval `immediately`, also a mail in the outbox (mail::Enqueue, same transaction) with RFC 8058
  /// one-click unsubscribe headers. A locked kind always goes at its defaults. std::logic_error for a kind
  /// nobody registered (a typo would otherwise create rows no client can render).
  boost::asio::awaitable<void> Write(db::Transaction& tx, std::int64_t user_id, std::string_view kind,
                                     const boost::json::object& payload, TimePoint at) const;

  /// Every kind, in registration order (modules' order, then each module's).
  const std::vector<Kind>& Kinds() const noexcept { return kinds_; }
  /// The kind named `name`; nullptr when nobody registered it.
  const Kind* Find(std::string_view name) const noexcept;
  const std::optional<MailDelivery>& Mail() const noexcept { return mail_; }

 private:
  template <class Event>
  void Listen(std::string kind, std::function<std::vector<Notice>(const Event&)> build) {
    events_.Subscribe<Event>([this, kind = std::move(kind), build = std::move(build)](
                                 db::Transaction& tx, const Event& event) -> boost::asio::awaitable<void> {
      auto notices = build(event);
      for (const auto& notice : notices) co_await Write(tx, notice.user_id, kind, notice.payload, event.at);
    });
  }

  void AddKind(Kind kind);
  const Kind& RequireKind(std::string_view kind) const;
  boost::asio::awaitable<void> SendMail(db::Transaction& tx, std::int64_t user_id, const Kind& kind,
                                        const boost::json::object& payload, const db::Row& user) const;

  platform::EventBus& events_;
  const realtime::Publisher* publisher_;
  std::vector<Kind> kinds_;
  std::optional<MailDelivery> mail_;
  bool muted_ = false;
};

}  // namespace artel::notifications
