#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "artel/core/clock.hpp"
#include "artel/platform/events.hpp"

namespace artel::db {
class Transaction;
}  // namespace artel::db

namespace artel::realtime {
class Publisher;
}  // namespace artel::realtime

namespace artel::notifications {

/// One notification to write: for whom, and what the client needs to render it.
struct Notice {
  std::int64_t user_id = 0;
  boost::json::object payload;
};

/// The open registry of notification kinds. A module that wants its events to notify somebody registers
/// each kind once, with the event that triggers it and the builder that turns the event into notices
/// (none, one, or several recipients):
///
///   notifier.On<bids::BidPlaced>("bid_received", [](const bids::BidPlaced& e) {
///     return std::vector<Notice>{{e.order.customer.id, OrderPayload(...)}};
///   });
///
/// The notices are written by the event's listener, inside the transaction that published it, so a
/// notification exists exactly when its event committed, stamped with the event's time (`Event::at`).
/// `kind` is what the API returns; the SPA renders by it.
class Notifier final {
 public:
  /// With a `publisher`, every row written is also pushed as `notification.new` to the user's private
  /// channel in the same transaction: {notification: <an item of GET /api/notifications>, unread}.
  explicit Notifier(platform::EventBus& events, const realtime::Publisher* publisher = nullptr);

  template <class Event>
  void On(std::string kind, std::function<std::vector<Notice>(const Event&)> build) {
    AddKind(kind);
    Listen<Event>(std::move(kind), std::move(build));
  }

  /// One more event for a kind another module registered (bids' expired invitations open orders too:
  /// order_opened). std::logic_error when the kind is not registered yet.
  template <class Event>
  void AlsoOn(std::string kind, std::function<std::vector<Notice>(const Event&)> build) {
    RequireKind(kind);
    Listen<Event>(std::move(kind), std::move(build));
  }

  /// Writes one notification of a registered `kind` inside `tx`; std::logic_error for a kind nobody
  /// registered (a typo would otherwise create rows no client can render).
  boost::asio::awaitable<void> Write(db::Transaction& tx, std::int64_t user_id, std::string_view kind,
                                     const boost::json::object& payload, TimePoint at) const;

  const std::set<std::string, std::less<>>& Kinds() const noexcept { return kinds_; }

 private:
  template <class Event>
  void Listen(std::string kind, std::function<std::vector<Notice>(const Event&)> build) {
    events_.Subscribe<Event>([this, kind = std::move(kind), build = std::move(build)](
                                 db::Transaction& tx, const Event& event) -> boost::asio::awaitable<void> {
      auto notices = build(event);
      for (const auto& notice : notices) co_await Write(tx, notice.user_id, kind, notice.payload, event.at);
    });
  }

  void AddKind(const std::string& kind);
  void RequireKind(const std::string& kind) const;

  platform::EventBus& events_;
  const realtime::Publisher* publisher_;
  std::set<std::string, std::less<>> kinds_;
};

}  // namespace artel::notifications
