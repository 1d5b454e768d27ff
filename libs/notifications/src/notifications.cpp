#include "artel/notifications/notifications.hpp"

#include <boost/json/array.hpp>
#include <boost/json/value.hpp>

#include "artel/core/time.hpp"
#include "artel/db/pool.hpp"
#include "artel/kernel/enum_names.hpp"
#include "artel/web/app.hpp"

namespace artel::notifications {
namespace {

using boost::asio::awaitable;

constexpr std::int64_t kListLimit = 50;

constexpr kernel::EnumNames<Kind, 9> kKindNames{{
    {Kind::kBidReceived, "bid_received"},
    {Kind::kBidSelected, "bid_selected"},
    {Kind::kBidRejected, "bid_rejected"},
    {Kind::kInvitationReceived, "invitation_received"},
    {Kind::kInvitationAccepted, "invitation_accepted"},
    {Kind::kInvitationDeclined, "invitation_declined"},
    {Kind::kOrderCompleted, "order_completed"},
    {Kind::kReviewReceived, "review_received"},
    {Kind::kOrderOpened, "order_opened"},
}};

constexpr db::Statement kInsert{
    "notifications.insert",
    "INSERT INTO notifications.notifications (user_id, kind, payload, created_at) "
    "VALUES ($1, $2, $3, $4)"};
constexpr db::Statement kList{
    "notifications.list",
    "SELECT id, kind, payload, created_at, read_at IS NOT NULL "
    "FROM notifications.notifications WHERE user_id = $1 ORDER BY id DESC LIMIT $2"};
constexpr db::Statement kUnread{
    "notifications.unread",
    "SELECT count(*) FROM notifications.notifications WHERE user_id = $1 AND read_at IS NULL"};
constexpr db::Statement kMarkRead{
    "notifications.mark_read",
    "UPDATE notifications.notifications SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL"};

boost::json::object ListJson(const db::Result& rows, std::int64_t unread) {
  boost::json::array items;
  for (auto row : rows) {
    items.push_back(boost::json::object{{"id", row.Get<std::int64_t>(0)},
                                        {"kind", row.Get<std::string>(1)},
                                        {"payload", row.Get<boost::json::value>(2)},
                                        {"created_at", IsoTime(row.Get<TimePoint>(3))},
                                        {"read", row.Get<bool>(4)}});
  }
  return {{"items", std::move(items)}, {"unread", unread}};
}

std::vector<db::PipelineQuery> ListQueries(std::int64_t user_id) {
  std::vector<db::PipelineQuery> queries;
  queries.push_back({kList, db::MakeParams(user_id, kListLimit)});
  queries.push_back({kUnread, db::MakeParams(user_id)});
  return queries;
}

}  // namespace

std::string_view KindName(Kind kind) noexcept {
  return kKindNames.Name(kind);
}

boost::json::object OrderPayload(std::int64_t order_id, std::string_view order_name,
                                 std::string_view user_name) {
  boost::json::object payload{{"order_id", order_id}, {"order_name", order_name}};
  if (!user_name.empty()) payload["user_name"] = user_name;
  return payload;
}

awaitable<void> Notify(db::Transaction& tx, std::int64_t user_id, Kind kind,
                       const boost::json::object& payload, TimePoint now) {
  const boost::json::value value = payload;
  const std::string_view name = KindName(kind);
  co_await tx.Query(kInsert, user_id, name, value, now);
}

void Register(web::App& app, db::Pool& pool, const Clock& clock) {
  auto& router = app.GetRouter();
  router.Add(web::Method::kGet, "/api/notifications",
             [&pool](web::Request& request) -> awaitable<web::Response> {
               const auto& principal = request.RequireUser();
               // The latest ones and the unread count in one round trip.
               auto queries = ListQueries(principal.user_id);
               auto results = co_await pool.Pipeline(std::move(queries));
               co_return web::Response::Json(ListJson(results[0], results[1].One().Get<std::int64_t>(0)));
             });
  router.Add(web::Method::kPost, "/api/notifications/read",
             [&pool, &clock](web::Request& request) -> awaitable<web::Response> {
               const auto& principal = request.RequireUser();
               const TimePoint now = clock.Now();
               co_await pool.Query(kMarkRead, principal.user_id, now);
               co_return web::Response::Ok();
             });
}

}  // namespace artel::notifications
