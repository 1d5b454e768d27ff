#include "artel/marketing/marketing.hpp"

#include "artel/core/crypto.hpp"
#include "artel/core/error.hpp"
#include "artel/db/pool.hpp"
#include "artel/web/app.hpp"
#include "artel/web/json.hpp"
#include "routes.hpp"

namespace artel::marketing {
namespace {

using boost::asio::awaitable;

constexpr std::size_t kVisitorIdLength = 22;  // RandomToken(16), base64url without padding

constexpr db::Statement kInsertVisit{"marketing.insert_visit", R"sql(
INSERT INTO marketing.visits (visitor_id, user_id, utm_source, utm_medium, utm_campaign, utm_term,
utm_content, visited_url) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id
)sql"};
constexpr db::Statement kAttachVisitor{"marketing.attach_visitor", R"sql(
UPDATE marketing.visits SET user_id = $2 WHERE visitor_id = $1 AND user_id IS NULL
)sql"};

}  // namespace

bool IsValidVisitorId(std::string_view visitor_id) noexcept {
  if (visitor_id.size() != kVisitorIdLength) return false;
  for (char c : visitor_id) {
    bool ok =
        (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    if (!ok) return false;
  }
  return true;
}

awaitable<std::int64_t> RecordVisit(db::Pool& pool, const Visit& visit, std::optional<std::int64_t> user_id,
                                    std::optional<std::string> visitor_id) {
  auto result = co_await pool.Query(kInsertVisit, visitor_id, user_id, visit.utm_source, visit.utm_medium,
                                    visit.utm_campaign, visit.utm_term, visit.utm_content, visit.visited_url);
  co_return result.One().Get<std::int64_t>("id");
}

awaitable<std::int64_t> AttachVisitor(db::Pool& pool, std::string_view visitor_id, std::int64_t user_id) {
  if (!IsValidVisitorId(visitor_id)) co_return 0;
  auto result = co_await pool.Query(kAttachVisitor, visitor_id, user_id);
  co_return static_cast<std::int64_t>(result.AffectedRows());
}

awaitable<void> AttachSignedIn(db::Pool& pool, std::string cookie_header, std::int64_t user_id) {
  // One parser of Cookie headers: web::Request's.
  web::Request request;
  request.headers.Add("Cookie", std::move(cookie_header));
  auto visitor_id = request.Cookie(kVisitorCookie);
  if (visitor_id) co_await AttachVisitor(pool, *visitor_id, user_id);
}

void Register(web::App& app, db::Pool& pool) {
  app.GetRouter().Add(
      web::Method::kPost, "/api/utm-data", [&app, &pool](web::Request& request) -> awaitable<web::Response> {
        auto body = request.JsonBody();
        web::JsonReader reader(body);
        constexpr web::StringRule kUtmRule{.min_length = 0, .max_length = 255, .required = false};
        // visited_url is required (CONTRACT.md); the UTM fields are optional and blank ones are stored as
        // absent.
        Visit visit{reader.String("utm_source", kUtmRule),
                    reader.String("utm_medium", kUtmRule),
                    reader.String("utm_campaign", kUtmRule),
                    reader.String("utm_term", kUtmRule),
                    reader.String("utm_content", kUtmRule),
                    reader.String("visited_url", {.min_length = 1, .max_length = 2048})};
        for (auto* field : {&visit.utm_source, &visit.utm_medium, &visit.utm_campaign, &visit.utm_term,
                            &visit.utm_content}) {
          if (*field && (*field)->empty()) field->reset();
        }
        reader.Finish();

        auto response = web::Response::NoContent();
        std::optional<std::int64_t> user_id;
        if (request.principal) user_id = request.principal->user_id;
        auto visitor_id = request.Cookie(kVisitorCookie);
        if (visitor_id && !IsValidVisitorId(*visitor_id)) visitor_id.reset();
        if (!visitor_id && !user_id) {
          visitor_id = RandomToken(16);
          web::Cookie cookie;
          cookie.name = std::string(kVisitorCookie);
          cookie.value = *visitor_id;
          cookie.max_age_seconds = kVisitorCookieSeconds;
          cookie.secure = app.Options().cookie_secure;
          response.cookies.push_back(std::move(cookie));
        }
        co_await RecordVisit(pool, visit, user_id, visitor_id);
        co_return response;
      });
}

}  // namespace artel::marketing
