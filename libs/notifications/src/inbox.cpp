#include "inbox.hpp"

#include <utility>

#include "artel/db/pool.hpp"

namespace artel::notifications {
namespace {

using boost::asio::awaitable;

constexpr db::Statement kList{"notifications.list", R"sql(
SELECT id, kind, payload, created_at, read_at IS NOT NULL AS read
FROM notifications.notifications
WHERE user_id = $1 AND on_site
ORDER BY id DESC
LIMIT $2
)sql"};

constexpr db::Statement kUnread{"notifications.unread", R"sql(
SELECT count(*) AS unread FROM notifications.notifications WHERE user_id = $1 AND read_at IS NULL AND on_site
)sql"};

constexpr db::Statement kMarkRead{"notifications.mark_read", R"sql(
UPDATE notifications.notifications SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL
)sql"};

}  // namespace

NotificationView ViewOf(const db::Row& row) {
  return {.id = row.Get<std::int64_t>("id"),
          .kind = row.Get<std::string>("kind"),
          .payload = row.Get<boost::json::value>("payload"),
          .created_at = row.Get<TimePoint>("created_at"),
          .read = row.Get<bool>("read")};
}

awaitable<std::int64_t> UnreadOnSite(db::Transaction& tx, std::int64_t user_id) {
  auto unread = co_await tx.Query(kUnread, user_id);
  co_return unread.One().Get<std::int64_t>("unread");
}

awaitable<NotificationListView> Inbox::List(const Actor& actor) const {
  // The latest ones and the unread count in one round trip.
  std::vector<db::PipelineQuery> queries;
  queries.push_back({kList, db::MakeParams(actor.user_id, kListLimit)});
  queries.push_back({kUnread, db::MakeParams(actor.user_id)});
  auto results = co_await pool_.Pipeline(std::move(queries));
  NotificationListView view;
  for (auto row : results[0]) view.items.push_back(ViewOf(row));
  view.unread = results[1].One().Get<std::int64_t>("unread");
  co_return view;
}

awaitable<void> Inbox::MarkRead(const Actor& actor) const {
  const TimePoint now = clock_.Now();
  co_await pool_.Query(kMarkRead, actor.user_id, now);
}

}  // namespace artel::notifications
