#pragma once

// The signed-in user's notifications on the site: the latest ones with the unread count, and marking them
// read. Described structs: web::Api checks them against libs/notifications/api.yaml, and the real-time event
// `notification.new` carries the same NotificationView.

#include <boost/asio/awaitable.hpp>
#include <boost/describe/class.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "artel/core/actor.hpp"
#include "artel/core/clock.hpp"

namespace artel::db {
class Pool;
class Row;
class Transaction;
}  // namespace artel::db

namespace artel::notifications {

struct NotificationView {
  std::int64_t id = 0;
  std::string kind;
  /// What the client needs to render the kind; each kind's shape is in the schema's anyOf.
  boost::json::value payload;
  TimePoint created_at;
  bool read = false;
};
BOOST_DESCRIBE_STRUCT(NotificationView, (), (id, kind, payload, created_at, read))

struct NotificationListView {
  std::vector<NotificationView> items;
  std::int64_t unread = 0;
};
BOOST_DESCRIBE_STRUCT(NotificationListView, (), (items, unread))

/// A row of notifications.notifications (id, kind, payload, created_at, read) as the API shows it.
NotificationView ViewOf(const db::Row& row);

/// How many of the user's notifications on the site are unread, as `tx` sees them.
boost::asio::awaitable<std::int64_t> UnreadOnSite(db::Transaction& tx, std::int64_t user_id);

class Inbox final {
 public:
  /// The latest ones a page shows.
  static constexpr std::int64_t kListLimit = 50;

  Inbox(db::Pool& pool, const Clock& clock) : pool_(pool), clock_(clock) {}

  /// The actor's latest notifications on the site, newest first, and how many are unread.
  boost::asio::awaitable<NotificationListView> List(const Actor& actor) const;
  /// Marks every notification of the actor read.
  boost::asio::awaitable<void> MarkRead(const Actor& actor) const;

 private:
  db::Pool& pool_;
  const Clock& clock_;
};

}  // namespace artel::notifications
