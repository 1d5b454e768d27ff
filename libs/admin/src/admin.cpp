#include "admin.hpp"

#include <fmt/format.h>

#include <boost/json.hpp>
#include <limits>

#include "artel/admin/module.hpp"
#include "artel/core/error.hpp"
#include "artel/core/time.hpp"
#include "artel/db/pool.hpp"
#include "artel/identity/identity.hpp"
#include "artel/storage/storage.hpp"
#include "artel/web/app.hpp"
#include "artel/web/json.hpp"
#include "artel/web/query.hpp"
#include "artel/web/router.hpp"

namespace artel::admin {
namespace {

using boost::asio::awaitable;
using web::Method;
using web::Request;
using web::Response;

constexpr std::int32_t kDefaultLimit = 20;
constexpr std::int32_t kMaxLimit = 50;

/// Every count in one statement over the modules' schemas (admin is installed last and links none of them).
constexpr db::Statement kDashboard{"admin.dashboard", R"sql(
SELECT
  (SELECT count(*) FROM identity.users) AS users_total,
  (SELECT count(*) FROM identity.users WHERE created_at > now() - interval '7 days') AS users_new_week,
  (SELECT count(*) FROM identity.users WHERE blocked_at IS NOT NULL) AS users_blocked,
  (SELECT count(*) FROM orders.orders) AS orders_total,
  (SELECT count(*) FROM orders.orders WHERE status = 'search') AS orders_open,
  (SELECT count(*) FROM articles.articles WHERE status = 'moderation') AS articles_moderation,
  (SELECT count(*) FROM help.tickets WHERE status = 'open') AS tickets_open,
  (SELECT count(*) FROM vacancies.vacancies WHERE status = 'published') AS vacancies_published,
  (SELECT count(*) FROM resumes.resumes WHERE status = 'published') AS resumes_published
)sql"};

constexpr std::string_view kAdminUserSelect = R"sql(
SELECT u.id, u.name, u.lastname, u.email::text AS email, u.avatar, u.role, u.lang,
  u.email_verified_at IS NOT NULL AS email_verified, u.created_at,
  (SELECT max(s.last_seen_at) FROM identity.sessions s WHERE s.user_id = u.id) AS last_seen_at,
  u.blocked_at, u.blocked_reason,
  b.id AS by_id, b.name AS by_name, b.lastname AS by_lastname, b.avatar AS by_avatar
FROM identity.users u
LEFT JOIN identity.users b ON b.id = u.blocked_by
)sql";

/// $1 pattern (ILIKE, escaped) or NULL, $2 exact id text, $3 role, $4 status, $5 sort ('created'|'seen'),
/// $6 cursor micros, $7 cursor id, $8 limit + 1.
std::string UsersSql() {
  return fmt::format(R"sql(
SELECT * FROM (
  SELECT x.*, (extract(epoch FROM x.sort_key) * 1000000)::bigint AS key_us FROM (
    SELECT a.*, CASE WHEN $5 = 'seen' THEN COALESCE(a.last_seen_at, 'epoch'::timestamptz)
                ELSE a.created_at END AS sort_key
    FROM ({}
      WHERE ($1::text IS NULL OR u.name ILIKE $1 OR u.lastname ILIKE $1 OR u.email::text ILIKE $1)
        AND ($2::text IS NULL OR u.id = $2::bigint)
        AND ($3::int IS NULL OR u.role = $3)
        AND ($4::text IS NULL
             OR ($4 = 'blocked' AND u.blocked_at IS NOT NULL)
             OR ($4 = 'active' AND u.blocked_at IS NULL)
             OR ($4 = 'unverified' AND u.email_verified_at IS NULL AND u.blocked_at IS NULL))
    ) a
  ) x
) y
WHERE $6::bigint IS NULL OR (y.key_us, y.id) < ($6::bigint, $7::bigint)
ORDER BY y.key_us DESC, y.id DESC
LIMIT $8
)sql",
                     kAdminUserSelect);
}

constexpr std::string_view kSessionsSql = R"sql(
SELECT s.id, s.created_at, s.last_seen_at, s.expires_at, s.user_agent, s.ip,
  i.id AS imp_id, i.name AS imp_name, i.lastname AS imp_lastname, i.avatar AS imp_avatar
FROM identity.sessions s
LEFT JOIN identity.users i ON i.id = s.impersonator_id
WHERE s.user_id = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
ORDER BY s.last_seen_at DESC, s.id DESC
)sql";

constexpr db::Statement kCounts{"admin.user_counts", R"sql(
SELECT
  (SELECT count(*) FROM orders.orders WHERE customer_id = $1) AS orders,
  (SELECT count(*) FROM bids.bids WHERE performer_id = $1) AS bids,
  (SELECT count(*) FROM vacancies.vacancies WHERE owner_id = $1) AS vacancies,
  (SELECT count(*) FROM resumes.resumes WHERE user_id = $1) AS resumes,
  (SELECT count(*) FROM articles.articles WHERE author_id = $1) AS articles
)sql"};

/// $1 actor, $2 object_type, $3 object_id, $4 action, $5 cursor micros, $6 cursor id, $7 limit + 1.
constexpr std::string_view kAuditSql = R"sql(
SELECT a.id, a.action, a.object_type, a.object_id, a.before, a.after, a.created_at,
  (extract(epoch FROM a.created_at) * 1000000)::bigint AS key_us,
  ac.id AS actor_id, ac.name AS actor_name, ac.lastname AS actor_lastname, ac.avatar AS actor_avatar,
  im.id AS imp_id, im.name AS imp_name, im.lastname AS imp_lastname, im.avatar AS imp_avatar
FROM platform.audit a
LEFT JOIN identity.users ac ON ac.id = a.actor_id
LEFT JOIN identity.users im ON im.id = a.impersonator_id
WHERE ($1::bigint IS NULL OR a.actor_id = $1)
  AND ($2::text IS NULL OR a.object_type = $2)
  AND ($3::bigint IS NULL OR a.object_id = $3)
  AND ($4::text IS NULL OR a.action = $4)
  AND ($5::bigint IS NULL
       OR (a.created_at, a.id) < ('epoch'::timestamptz + $5::bigint * interval '1 microsecond', $6::bigint))
ORDER BY a.created_at DESC, a.id DESC
LIMIT $7
)sql";

boost::json::value CardJson(const db::Row& row, std::string_view prefix) {
  auto id = row.Get<std::optional<std::int64_t>>(fmt::format("{}_id", prefix));
  if (!id) return nullptr;
  boost::json::value avatar = nullptr;
  if (auto name = row.Get<std::optional<std::string>>(fmt::format("{}_avatar", prefix))) {
    avatar = boost::json::string(storage::FileUrl(*name));
  }
  return boost::json::object{{"id", *id},
                             {"name", row.Get<std::string>(fmt::format("{}_name", prefix))},
                             {"lastname", row.Get<std::string>(fmt::format("{}_lastname", prefix))},
                             {"avatar", std::move(avatar)}};
}

boost::json::value OptionalTime(const db::Row& row, std::string_view column) {
  auto time = row.Get<std::optional<TimePoint>>(column);
  if (!time) return nullptr;
  return boost::json::string(IsoTime(*time));
}

boost::json::object AdminUserJson(const db::Row& row) {
  boost::json::value avatar = nullptr;
  if (auto name = row.Get<std::optional<std::string>>("avatar")) {
    avatar = boost::json::string(storage::FileUrl(*name));
  }
  boost::json::value blocked = nullptr;
  if (auto at = row.Get<std::optional<TimePoint>>("blocked_at")) {
    blocked =
        boost::json::object{{"at", IsoTime(*at)},
                            {"reason", row.Get<std::optional<std::string>>("blocked_reason").value_or("")},
                            {"by", CardJson(row, "by")}};
  }
  return {{"id", row.Get<std::int64_t>("id")},
          {"name", row.Get<std::string>("name")},
          {"lastname", row.Get<std::string>("lastname")},
          {"email", row.Get<std::string>("email")},
          {"avatar", std::move(avatar)},
          {"role", row.Get<std::int32_t>("role")},
          {"lang", row.Get<std::string>("lang")},
          {"email_verified", row.Get<bool>("email_verified")},
          {"created_at", IsoTime(row.Get<TimePoint>("created_at"))},
          {"last_seen_at", OptionalTime(row, "last_seen_at")},
          {"blocked", std::move(blocked)}};
}

awaitable<boost::json::object> LoadAdminUser(db::Pool& pool, std::int64_t user_id) {
  const auto sql = fmt::format("{} WHERE u.id = $1", kAdminUserSelect);
  auto result = co_await pool.Query(std::string_view(sql), user_id);
  auto row = result.First();
  if (!row) throw NotFound();
  co_return AdminUserJson(*row);
}

/// `?q` as an ILIKE pattern with its wildcards escaped.
std::string LikePattern(std::string_view text) {
  std::string pattern = "%";
  for (char c : text) {
    if (c == '%' || c == '_' || c == '\\') pattern += '\\';
    pattern += c;
  }
  pattern += '%';
  return pattern;
}

std::optional<Cursor> ReadCursor(web::QueryReader& reader) {
  auto text = reader.Text("cursor");
  if (!text) return std::nullopt;
  auto cursor = DecodeCursor(*text);
  if (!cursor) reader.AddInvalid("cursor");
  return cursor;
}

awaitable<Response> Dashboard(db::Pool& pool) {
  auto result = co_await pool.Query(kDashboard);
  auto row = result.One();
  auto n = [&row](const char* column) { return row.Get<std::int64_t>(column); };
  co_return Response::Json(boost::json::object{
      {"users",
       {{"total", n("users_total")}, {"new_week", n("users_new_week")}, {"blocked", n("users_blocked")}}},
      {"orders", {{"total", n("orders_total")}, {"open", n("orders_open")}}},
      {"articles", {{"moderation", n("articles_moderation")}}},
      {"tickets", {{"open", n("tickets_open")}}},
      {"vacancies", {{"published", n("vacancies_published")}}},
      {"resumes", {{"published", n("resumes_published")}}}});
}

awaitable<Response> Users(db::Pool& pool, const Request& request) {
  web::QueryReader reader(request, "admin:invalid");
  auto q = reader.Text("q");
  auto role = reader.Int("role", 0, 1);
  auto status = reader.Enum("status", [](std::string_view v) -> std::optional<std::string> {
    if (v == "active" || v == "blocked" || v == "unverified") return std::string(v);
    return std::nullopt;
  });
  auto sort = reader.Enum("sort", [](std::string_view v) -> std::optional<std::string> {
    if (v == "created" || v == "seen") return std::string(v);
    return std::nullopt;
  });
  auto cursor = ReadCursor(reader);
  const auto limit = reader.Limit(kDefaultLimit, kMaxLimit);
  reader.Finish();
  std::optional<std::string> pattern;
  std::optional<std::string> exact;
  if (q) {
    if (q->size() > 200) throw ValidationFailed("q", {"admin:invalid"});
    // Digits are an id (e-mails and names full of digits would drown it); anything else a substring.
    const bool digits = q->find_first_not_of("0123456789") == std::string::npos;
    if (digits && q->size() <= 18) {
      exact = *q;
    } else {
      pattern = LikePattern(*q);
    }
  }
  std::optional<std::int32_t> role_param;
  if (role) role_param = static_cast<std::int32_t>(*role);
  std::optional<std::int64_t> cursor_us;
  std::optional<std::int64_t> cursor_id;
  if (cursor) {
    cursor_us = cursor->micros;
    cursor_id = cursor->id;
  }
  const std::string sort_value = sort.value_or("created");
  const auto sql = UsersSql();
  auto result = co_await pool.Query(std::string_view(sql), pattern, exact, role_param, status, sort_value,
                                    cursor_us, cursor_id, static_cast<std::int64_t>(limit) + 1);
  boost::json::array items;
  boost::json::value next = nullptr;
  std::int32_t count = 0;
  for (const auto& row : result) {
    if (count == limit) {
      break;
    }
    items.push_back(AdminUserJson(row));
    ++count;
    if (count == limit && result.Size() > static_cast<std::size_t>(limit)) {
      next =
          boost::json::string(EncodeCursor({row.Get<std::int64_t>("key_us"), row.Get<std::int64_t>("id")}));
    }
  }
  co_return Response::Json(
      boost::json::object{{"items", std::move(items)}, {"next_cursor", std::move(next)}});
}

awaitable<Response> UserPage(db::Pool& pool, std::int64_t user_id) {
  auto user = co_await LoadAdminUser(pool, user_id);
  auto sessions_result = co_await pool.Query(kSessionsSql, user_id);
  boost::json::array sessions;
  for (const auto& row : sessions_result) {
    sessions.push_back(boost::json::object{{"id", row.Get<std::int64_t>("id")},
                                           {"created_at", IsoTime(row.Get<TimePoint>("created_at"))},
                                           {"last_seen_at", IsoTime(row.Get<TimePoint>("last_seen_at"))},
                                           {"expires_at", IsoTime(row.Get<TimePoint>("expires_at"))},
                                           {"user_agent", row.Get<std::string>("user_agent")},
                                           {"ip", row.Get<std::string>("ip")},
                                           {"impersonator", CardJson(row, "imp")}});
  }
  auto counts_result = co_await pool.Query(kCounts, user_id);
  auto counts = counts_result.One();
  user["sessions"] = std::move(sessions);
  user["counts"] = boost::json::object{{"orders", counts.Get<std::int64_t>("orders")},
                                       {"bids", counts.Get<std::int64_t>("bids")},
                                       {"vacancies", counts.Get<std::int64_t>("vacancies")},
                                       {"resumes", counts.Get<std::int64_t>("resumes")},
                                       {"articles", counts.Get<std::int64_t>("articles")}};
  co_return Response::Json(user);
}

awaitable<Response> Audit(db::Pool& pool, const Request& request) {
  web::QueryReader reader(request, "admin:invalid");
  auto actor = reader.Int("actor", 1, std::numeric_limits<std::int64_t>::max());
  auto object_type = reader.Text("object_type");
  auto object_id = reader.Int("object_id", 1, std::numeric_limits<std::int64_t>::max());
  auto action = reader.Text("action");
  auto cursor = ReadCursor(reader);
  const auto limit = reader.Limit(kDefaultLimit, kMaxLimit);
  if (object_type && object_type->size() > 64) reader.AddInvalid("object_type");
  if (action && action->size() > 64) reader.AddInvalid("action");
  reader.Finish();
  std::optional<std::int64_t> cursor_us;
  std::optional<std::int64_t> cursor_id;
  if (cursor) {
    cursor_us = cursor->micros;
    cursor_id = cursor->id;
  }
  auto result = co_await pool.Query(kAuditSql, actor, object_type, object_id, action, cursor_us, cursor_id,
                                    static_cast<std::int64_t>(limit) + 1);
  boost::json::array items;
  boost::json::value next = nullptr;
  std::int32_t count = 0;
  for (const auto& row : result) {
    if (count == limit) break;
    items.push_back(boost::json::object{
        {"id", row.Get<std::int64_t>("id")},
        {"actor", CardJson(row, "actor")},
        {"impersonator", CardJson(row, "imp")},
        {"action", row.Get<std::string>("action")},
        {"object_type", row.Get<std::string>("object_type")},
        {"object_id", row.Get<std::int64_t>("object_id")},
        {"before", row.Get<std::optional<boost::json::value>>("before").value_or(nullptr)},
        {"after", row.Get<std::optional<boost::json::value>>("after").value_or(nullptr)},
        {"created_at", IsoTime(row.Get<TimePoint>("created_at"))}});
    ++count;
    if (count == limit && result.Size() > static_cast<std::size_t>(limit)) {
      next =
          boost::json::string(EncodeCursor({row.Get<std::int64_t>("key_us"), row.Get<std::int64_t>("id")}));
    }
  }
  co_return Response::Json(
      boost::json::object{{"items", std::move(items)}, {"next_cursor", std::move(next)}});
}

}  // namespace

void Register(web::App& app, db::Pool& pool, identity::Identity& identity) {
  auto& router = app.GetRouter();
  const web::RouteOptions admin{.access = web::Access::kAdmin};

  router.Add(
      Method::kGet, "/api/admin/dashboard",
      [&pool](Request&) -> awaitable<Response> { co_return co_await Dashboard(pool); }, admin);

  router.Add(
      Method::kGet, "/api/admin/users",
      [&pool](Request& request) -> awaitable<Response> { co_return co_await Users(pool, request); }, admin);

  router.Add(
      Method::kGet, "/api/admin/users/{id:int}",
      [&pool](Request& request) -> awaitable<Response> {
        co_return co_await UserPage(pool, request.IntParam("id"));
      },
      admin);

  router.Add(
      Method::kPost, "/api/admin/users/{id:int}/block",
      [&pool, &identity](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto body = request.JsonBody();
        web::JsonReader reader(body);
        auto reason = reader.String("reason", {.min_length = 3, .max_length = 500});
        reader.Finish();
        const auto id = request.IntParam("id");
        co_await identity.Block(principal, id, *reason);
        auto user = co_await LoadAdminUser(pool, id);
        co_return Response::Json(user);
      },
      admin);

  router.Add(
      Method::kPost, "/api/admin/users/{id:int}/unblock",
      [&pool, &identity](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        const auto id = request.IntParam("id");
        co_await identity.Unblock(principal, id);
        auto user = co_await LoadAdminUser(pool, id);
        co_return Response::Json(user);
      },
      admin);

  router.Add(
      Method::kPut, "/api/admin/users/{id:int}/role",
      [&pool, &identity](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto body = request.JsonBody();
        web::JsonReader reader(body);
        auto role = reader.Int("role");
        if (role && (*role < 0 || *role > 1)) reader.AddError("role", {"admin:invalid", {}});
        reader.Finish();
        const auto id = request.IntParam("id");
        co_await identity.SetRole(principal, id, static_cast<std::int32_t>(*role));
        auto user = co_await LoadAdminUser(pool, id);
        co_return Response::Json(user);
      },
      admin);

  router.Add(
      Method::kGet, "/api/admin/audit",
      [&pool](Request& request) -> awaitable<Response> { co_return co_await Audit(pool, request); }, admin);
}

}  // namespace artel::admin
