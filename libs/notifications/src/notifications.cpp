#include "artel/notifications/notifications.hpp"

#include <boost/json/array.hpp>
#include <boost/json/value.hpp>
#include <stdexcept>

#include "artel/core/time.hpp"
#include "artel/db/pool.hpp"
#include "artel/realtime/publisher.hpp"
#include "artel/web/app.hpp"
#include "routes.hpp"

namespace artel::notifications {
namespace {

using boost::asio::awaitable;

constexpr std::int64_t kListLimit = 50;

constexpr db::Statement kInsert{"notifications.insert", R"sql(
INSERT INTO notifications.notifications (user_id, kind, payload, created_at)
VALUES ($1, $2, $3, $4)
RETURNING id, kind, payload, created_at, read_at IS NOT NULL AS read
)sql"};

constexpr db::Statement kList{"notifications.list", R"sql(
SELECT id, kind, payload, created_at, read_at IS NOT NULL AS read
FROM notifications.notifications
WHERE user_id = $1
ORDER BY id DESC
LIMIT $2
)sql"};

constexpr db::Statement kUnread{"notifications.unread", R"sql(
SELECT count(*) AS unread FROM notifications.notifications WHERE user_id = $1 AND read_at IS NULL
)sql"};

constexpr db::Statement kMarkRead{"notifications.mark_read", R"sql(
UPDATE notifications.notifications SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL
)sql"};

boost::json::object ItemJson(const db::Row& row) {
  return {{"id", row.Get<std::int64_t>("id")},
          {"kind", row.Get<std::string>("kind")},
          {"payload", row.Get<boost::json::value>("payload")},
          {"created_at", IsoTime(row.Get<TimePoint>("created_at"))},
          {"read", row.Get<bool>("read")}};
}

boost::json::object ListJson(const db::Result& rows, std::int64_t unread) {
  boost::json::array items;
  for (auto row : rows) items.push_back(ItemJson(row));
  return {{"items", std::move(items)}, {"unread", unread}};
}

std::vector<db::PipelineQuery> ListQueries(std::int64_t user_id) {
  std::vector<db::PipelineQuery> queries;
  queries.push_back({kList, db::MakeParams(user_id, kListLimit)});
  queries.push_back({kUnread, db::MakeParams(user_id)});
  return queries;
}

}  // namespace

Notifier::Notifier(platform::EventBus& events, const realtime::Publisher* publisher)
    : events_(events), publisher_(publisher) {}

void Notifier::AddKind(const std::string& kind) {
  if (kind.empty()) throw std::logic_error("notifications: a kind needs a name");
  if (!kinds_.insert(kind).second)
    throw std::logic_error("notifications: kind " + kind + " is registered twice");
}

void Notifier::RequireKind(const std::string& kind) const {
  if (!kinds_.contains(kind)) {
    throw std::logic_error("notifications: kind " + kind + " was never registered");
  }
}

awaitable<void> Notifier::Write(db::Transaction& tx, std::int64_t user_id, std::string_view kind,
                                const boost::json::object& payload, TimePoint at) const {
  RequireKind(std::string(kind));
  const boost::json::value value = payload;
  auto inserted = co_await tx.Query(kInsert, user_id, kind, value, at);
  if (publisher_ == nullptr) co_return;
  auto unread = co_await tx.Query(kUnread, user_id);
  const boost::json::value event = boost::json::object{{"notification", ItemJson(inserted.One())},
                                                       {"unread", unread.One().Get<std::int64_t>("unread")}};
  const std::string channel = realtime::UserChannel(user_id);
  co_await publisher_->Publish(tx, channel, "notification.new", event);
}

void Register(web::App& app, db::Pool& pool, const Clock& clock) {
  auto& router = app.GetRouter();
  router.Add(
      web::Method::kGet, "/api/notifications",
      [&pool](web::Request& request) -> awaitable<web::Response> {
        const auto& principal = request.RequireUser();
        // The latest ones and the unread count in one round trip.
        auto queries = ListQueries(principal.user_id);
        auto results = co_await pool.Pipeline(std::move(queries));
        co_return web::Response::Json(ListJson(results[0], results[1].One().Get<std::int64_t>("unread")));
      },
      web::RouteOptions{.access = web::Access::kUser});
  router.Add(
      web::Method::kPost, "/api/notifications/read",
      [&pool, &clock](web::Request& request) -> awaitable<web::Response> {
        const auto& principal = request.RequireUser();
        const TimePoint now = clock.Now();
        co_await pool.Query(kMarkRead, principal.user_id, now);
        co_return web::Response::Ok();
      },
      web::RouteOptions{.access = web::Access::kUser});
}

}  // namespace artel::notifications
