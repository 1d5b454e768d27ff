#include "admin.hpp"

#include <fmt/format.h>

#include <boost/describe/class.hpp>
#include <boost/json/value.hpp>
#include <limits>

#include "artel/admin/module.hpp"
#include "artel/core/error.hpp"
#include "artel/core/time.hpp"
#include "artel/db/pool.hpp"
#include "artel/identity/identity.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/storage/storage.hpp"
#include "artel/web/api.hpp"
#include "artel/web/app.hpp"

namespace artel::admin {

/// libs/admin/api.yaml, compiled in (artel_contract_part).
std::string_view ContractPart();

namespace {

using boost::asio::awaitable;
using profiles::UserCardView;
using web::Call;

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

// The answers (api.yaml: AdminDashboard, AdminUser, AdminUserDetail, AdminSession, AuditEntry), described
// for web::Api.

struct UserCountsView {
  std::int64_t total = 0;
  std::int64_t new_week = 0;
  std::int64_t blocked = 0;
};
BOOST_DESCRIBE_STRUCT(UserCountsView, (), (total, new_week, blocked))

struct OrderCountsView {
  std::int64_t total = 0;
  std::int64_t open = 0;
};
BOOST_DESCRIBE_STRUCT(OrderCountsView, (), (total, open))

struct ModerationCountView {
  std::int64_t moderation = 0;
};
BOOST_DESCRIBE_STRUCT(ModerationCountView, (), (moderation))

struct OpenCountView {
  std::int64_t open = 0;
};
BOOST_DESCRIBE_STRUCT(OpenCountView, (), (open))

struct PublishedCountView {
  std::int64_t published = 0;
};
BOOST_DESCRIBE_STRUCT(PublishedCountView, (), (published))

struct DashboardView {
  UserCountsView users;
  OrderCountsView orders;
  ModerationCountView articles;
  OpenCountView tickets;
  PublishedCountView vacancies;
  PublishedCountView resumes;
};
BOOST_DESCRIBE_STRUCT(DashboardView, (), (users, orders, articles, tickets, vacancies, resumes))

struct BlockView {
  TimePoint at;
  std::string reason;
  std::optional<UserCardView> by;
};
BOOST_DESCRIBE_STRUCT(BlockView, (), (at, reason, by))

struct AdminUserView {
  std::int64_t id = 0;
  std::string name;
  std::string lastname;
  std::string email;
  std::optional<std::string> avatar;
  std::int32_t role = 0;
  std::string lang;
  bool email_verified = false;
  TimePoint created_at;
  std::optional<TimePoint> last_seen_at;
  std::optional<BlockView> blocked;
};
BOOST_DESCRIBE_STRUCT(AdminUserView, (),
                      (id, name, lastname, email, avatar, role, lang, email_verified, created_at,
                       last_seen_at, blocked))

struct SessionView {
  std::int64_t id = 0;
  TimePoint created_at;
  TimePoint last_seen_at;
  TimePoint expires_at;
  std::optional<std::string> user_agent;
  std::optional<std::string> ip;
  std::optional<UserCardView> impersonator;
};
BOOST_DESCRIBE_STRUCT(SessionView, (),
                      (id, created_at, last_seen_at, expires_at, user_agent, ip, impersonator))

struct ActivityView {
  std::int64_t orders = 0;
  std::int64_t bids = 0;
  std::int64_t vacancies = 0;
  std::int64_t resumes = 0;
  std::int64_t articles = 0;
};
BOOST_DESCRIBE_STRUCT(ActivityView, (), (orders, bids, vacancies, resumes, articles))

struct AdminUserDetailView : AdminUserView {
  std::vector<SessionView> sessions;
  ActivityView counts;
};
BOOST_DESCRIBE_STRUCT(AdminUserDetailView, (AdminUserView), (sessions, counts))

struct AuditEntryView {
  std::int64_t id = 0;
  std::optional<UserCardView> actor;
  std::optional<UserCardView> impersonator;
  std::string action;
  std::string object_type;
  std::int64_t object_id = 0;
  /// The object's JSON before and after, as the acting module wrote it.
  boost::json::value before;
  boost::json::value after;
  TimePoint created_at;
};
BOOST_DESCRIBE_STRUCT(AuditEntryView, (),
                      (id, actor, impersonator, action, object_type, object_id, before, after, created_at))

template <class T>
struct PageView {
  std::vector<T> items;
  std::optional<std::string> next_cursor;
};
BOOST_DESCRIBE_STRUCT(PageView<AdminUserView>, (), (items, next_cursor))
BOOST_DESCRIBE_STRUCT(PageView<AuditEntryView>, (), (items, next_cursor))

// The inputs (api.yaml's query parameters and bodies), filled by web::Api after its checks.

struct UsersParams {
  std::optional<std::string> q;
  std::optional<std::int32_t> role;
  std::optional<std::string> status;
  std::optional<std::string> sort;
  std::optional<std::string> cursor;
  std::int32_t limit = 0;
};
BOOST_DESCRIBE_STRUCT(UsersParams, (), (q, role, status, sort, cursor, limit))

struct AuditParams {
  std::optional<std::int64_t> actor;
  std::optional<std::string> object_type;
  std::optional<std::int64_t> object_id;
  std::optional<std::string> action;
  std::optional<std::string> cursor;
  std::int32_t limit = 0;
};
BOOST_DESCRIBE_STRUCT(AuditParams, (), (actor, object_type, object_id, action, cursor, limit))

struct BlockInput {
  std::string reason;
};
BOOST_DESCRIBE_STRUCT(BlockInput, (), (reason))

/// unblockUser's optional empty body.
struct NoInput {};
BOOST_DESCRIBE_STRUCT(NoInput, (), ())

struct RoleInput {
  std::int32_t role = 0;
};
BOOST_DESCRIBE_STRUCT(RoleInput, (), (role))

std::optional<UserCardView> CardOf(const db::Row& row, std::string_view prefix) {
  auto id = row.Get<std::optional<std::int64_t>>(fmt::format("{}_id", prefix));
  if (!id) return std::nullopt;
  std::optional<std::string> avatar;
  if (auto name = row.Get<std::optional<std::string>>(fmt::format("{}_avatar", prefix))) {
    avatar = storage::FileUrl(*name);
  }
  return UserCardView{*id, row.Get<std::string>(fmt::format("{}_name", prefix)),
                      row.Get<std::string>(fmt::format("{}_lastname", prefix)), std::move(avatar)};
}

AdminUserView UserOf(const db::Row& row) {
  AdminUserView user;
  user.id = row.Get<std::int64_t>("id");
  user.name = row.Get<std::string>("name");
  user.lastname = row.Get<std::string>("lastname");
  user.email = row.Get<std::string>("email");
  if (auto name = row.Get<std::optional<std::string>>("avatar")) user.avatar = storage::FileUrl(*name);
  user.role = row.Get<std::int32_t>("role");
  user.lang = row.Get<std::string>("lang");
  user.email_verified = row.Get<bool>("email_verified");
  user.created_at = row.Get<TimePoint>("created_at");
  user.last_seen_at = row.Get<std::optional<TimePoint>>("last_seen_at");
  if (auto at = row.Get<std::optional<TimePoint>>("blocked_at")) {
    user.blocked =
        BlockView{*at, row.Get<std::optional<std::string>>("blocked_reason").value_or(""), CardOf(row, "by")};
  }
  return user;
}

awaitable<AdminUserView> LoadUser(db::Pool& pool, std::int64_t user_id) {
  const auto sql = fmt::format("{} WHERE u.id = $1", kAdminUserSelect);
  auto result = co_await pool.Query(std::string_view(sql), user_id);
  auto row = result.First();
  if (!row) throw NotFound();
  co_return UserOf(*row);
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

/// The schema has bounded its length; a cursor this module did not write → 422 on `cursor`.
std::optional<Cursor> ReadCursor(const std::optional<std::string>& text) {
  if (!text) return std::nullopt;
  auto cursor = DecodeCursor(*text);
  if (!cursor) throw ValidationFailed("cursor", {"admin:invalid"});
  return cursor;
}

/// One page of rows read with limit + 1: the items and the cursor after the last one when there are more.
template <class T, class Make>
PageView<T> PageOf(const db::Result& result, std::int32_t limit, Make make) {
  PageView<T> page;
  for (const auto& row : result) {
    if (page.items.size() == static_cast<std::size_t>(limit)) {
      break;
    }
    page.items.push_back(make(row));
    if (page.items.size() == static_cast<std::size_t>(limit) &&
        result.Size() > static_cast<std::size_t>(limit)) {
      page.next_cursor = EncodeCursor({row.Get<std::int64_t>("key_us"), row.Get<std::int64_t>("id")});
    }
  }
  return page;
}

/// The admin panel's edge: each operation of api.yaml bound to a named handler; web::App has checked the
/// caller is an administrator (x-access: admin) before any of them runs.
class Edge final {
 public:
  Edge(db::Pool& pool, identity::Identity& identity) : pool_(pool), identity_(identity) {}

  awaitable<DashboardView> Dashboard(const Call&) {
    auto result = co_await pool_.Query(kDashboard);
    auto row = result.One();
    auto n = [&row](const char* column) { return row.Get<std::int64_t>(column); };
    co_return DashboardView{{n("users_total"), n("users_new_week"), n("users_blocked")},
                            {n("orders_total"), n("orders_open")},
                            {n("articles_moderation")},
                            {n("tickets_open")},
                            {n("vacancies_published")},
                            {n("resumes_published")}};
  }

  awaitable<PageView<AdminUserView>> Users(const Call&, UsersParams params) {
    const auto cursor = ReadCursor(params.cursor);
    std::optional<std::string> pattern;
    std::optional<std::string> exact;
    if (params.q) {
      // Digits are an id (e-mails and names full of digits would drown it); anything else a substring.
      const bool digits = params.q->find_first_not_of("0123456789") == std::string::npos;
      if (digits && params.q->size() <= 18) {
        exact = *params.q;
      } else {
        pattern = LikePattern(*params.q);
      }
    }
    std::optional<std::int64_t> cursor_us;
    std::optional<std::int64_t> cursor_id;
    if (cursor) {
      cursor_us = cursor->micros;
      cursor_id = cursor->id;
    }
    const std::string sort = params.sort.value_or("created");
    const auto sql = UsersSql();
    auto result =
        co_await pool_.Query(std::string_view(sql), pattern, exact, params.role, params.status, sort,
                             cursor_us, cursor_id, static_cast<std::int64_t>(params.limit) + 1);
    co_return PageOf<AdminUserView>(result, params.limit, &UserOf);
  }

  awaitable<AdminUserDetailView> User(const Call& call) {
    const auto user_id = call.Id();
    AdminUserDetailView detail;
    static_cast<AdminUserView&>(detail) = co_await LoadUser(pool_, user_id);
    auto sessions = co_await pool_.Query(kSessionsSql, user_id);
    for (const auto& row : sessions) {
      detail.sessions.push_back(SessionView{
          row.Get<std::int64_t>("id"), row.Get<TimePoint>("created_at"), row.Get<TimePoint>("last_seen_at"),
          row.Get<TimePoint>("expires_at"), row.Get<std::optional<std::string>>("user_agent"),
          row.Get<std::optional<std::string>>("ip"), CardOf(row, "imp")});
    }
    auto counts_result = co_await pool_.Query(kCounts, user_id);
    auto counts = counts_result.One();
    detail.counts = {counts.Get<std::int64_t>("orders"), counts.Get<std::int64_t>("bids"),
                     counts.Get<std::int64_t>("vacancies"), counts.Get<std::int64_t>("resumes"),
                     counts.Get<std::int64_t>("articles")};
    co_return detail;
  }

  awaitable<AdminUserView> Block(const Call& call, BlockInput input) {
    const auto id = call.Id();
    co_await identity_.Block(call.User(), id, input.reason);
    co_return co_await LoadUser(pool_, id);
  }

  awaitable<AdminUserView> Unblock(const Call& call, NoInput) {
    const auto id = call.Id();
    co_await identity_.Unblock(call.User(), id);
    co_return co_await LoadUser(pool_, id);
  }

  awaitable<AdminUserView> SetRole(const Call& call, RoleInput input) {
    const auto id = call.Id();
    co_await identity_.SetRole(call.User(), id, input.role);
    co_return co_await LoadUser(pool_, id);
  }

  awaitable<PageView<AuditEntryView>> Audit(const Call&, AuditParams params) {
    const auto cursor = ReadCursor(params.cursor);
    std::optional<std::int64_t> cursor_us;
    std::optional<std::int64_t> cursor_id;
    if (cursor) {
      cursor_us = cursor->micros;
      cursor_id = cursor->id;
    }
    auto result =
        co_await pool_.Query(kAuditSql, params.actor, params.object_type, params.object_id, params.action,
                             cursor_us, cursor_id, static_cast<std::int64_t>(params.limit) + 1);
    co_return PageOf<AuditEntryView>(result, params.limit, [](const db::Row& row) {
      return AuditEntryView{row.Get<std::int64_t>("id"),
                            CardOf(row, "actor"),
                            CardOf(row, "imp"),
                            row.Get<std::string>("action"),
                            row.Get<std::string>("object_type"),
                            row.Get<std::int64_t>("object_id"),
                            row.Get<std::optional<boost::json::value>>("before").value_or(nullptr),
                            row.Get<std::optional<boost::json::value>>("after").value_or(nullptr),
                            row.Get<TimePoint>("created_at")};
    });
  }

 private:
  db::Pool& pool_;
  identity::Identity& identity_;
};

}  // namespace

void Register(web::App& app, db::Pool& pool, identity::Identity& identity) {
  if (!app.GetContract().HasPart("admin")) app.GetContract().AddPart("admin", ContractPart());
  web::Api<Edge> api(app, std::make_shared<Edge>(pool, identity));
  api.Add("getAdminDashboard", &Edge::Dashboard);
  api.Add("listAdminUsers", &Edge::Users);
  api.Add("getAdminUser", &Edge::User);
  api.Add("blockUser", &Edge::Block);
  api.Add("unblockUser", &Edge::Unblock);
  api.Add("setUserRole", &Edge::SetRole);
  api.Add("listAudit", &Edge::Audit);
}

}  // namespace artel::admin
