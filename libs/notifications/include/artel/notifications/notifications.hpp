#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <string_view>

#include "artel/core/clock.hpp"

namespace artel::db {
class Pool;
class Transaction;
}  // namespace artel::db

namespace artel::web {
class App;
}  // namespace artel::web

namespace artel::notifications {

/// What happened, as the `kind` column and the API's enum name it.
enum class Kind {
  kBidReceived,
  kBidSelected,
  kBidRejected,
  kInvitationReceived,
  kInvitationAccepted,
  kInvitationDeclined,
  kOrderCompleted,
  kReviewReceived,
  kOrderOpened,
};

std::string_view KindName(Kind kind) noexcept;

/// The payload every notification about an order carries: the order's id and name, and who did it when
/// somebody did (their full name; left out when empty).
boost::json::object OrderPayload(std::int64_t order_id, std::string_view order_name,
                                 std::string_view user_name = {});

/// Writes a notification for `user_id` inside the caller's transaction, so it exists exactly when the event
/// committed. `payload` carries what the client needs to render it (order_id, order_name, user_name).
boost::asio::awaitable<void> Notify(db::Transaction& tx, std::int64_t user_id, Kind kind,
                                    const boost::json::object& payload, TimePoint now);

/// Adds GET /api/notifications and POST /api/notifications/read.
void Register(web::App& app, db::Pool& pool, const Clock& clock = DefaultClock());

}  // namespace artel::notifications
