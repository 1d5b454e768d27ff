#include "artel/marketing/marketing.hpp"

#include <boost/describe/class.hpp>
#include <memory>

#include "artel/core/crypto.hpp"
#include "artel/core/error.hpp"
#include "artel/db/pool.hpp"
#include "artel/web/api.hpp"
#include "artel/web/app.hpp"
#include "routes.hpp"

namespace artel::marketing {

/// libs/marketing/api.yaml, compiled in (artel_contract_part).
std::string_view ContractPart();

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

namespace {

/// UtmData (api.yaml), checked by web::Api: visited_url is required, each UTM field bounded; a blank one
/// arrives as absent.
struct UtmInput {
  std::optional<std::string> utm_source;
  std::optional<std::string> utm_medium;
  std::optional<std::string> utm_campaign;
  std::optional<std::string> utm_term;
  std::optional<std::string> utm_content;
  std::string visited_url;
};
BOOST_DESCRIBE_STRUCT(UtmInput, (),
                      (utm_source, utm_medium, utm_campaign, utm_term, utm_content, visited_url))

class UtmEdge final {
 public:
  UtmEdge(web::App& app, db::Pool& pool) : app_(app), pool_(pool) {}

  /// 204; a guest without a visitor cookie gets one (HttpOnly, 30 days), attached to the user at sign-in.
  awaitable<web::Response> Store(const web::Call& call, UtmInput input) {
    Visit visit{std::move(input.utm_source), std::move(input.utm_medium),  std::move(input.utm_campaign),
                std::move(input.utm_term),   std::move(input.utm_content), std::move(input.visited_url)};
    auto response = web::Response::NoContent();
    const auto user_id = call.ViewerId();
    auto visitor_id = call.Raw().Cookie(kVisitorCookie);
    if (visitor_id && !IsValidVisitorId(*visitor_id)) visitor_id.reset();
    if (!visitor_id && !user_id) {
      visitor_id = RandomToken(16);
      web::Cookie cookie;
      cookie.name = std::string(kVisitorCookie);
      cookie.value = *visitor_id;
      cookie.max_age_seconds = kVisitorCookieSeconds;
      cookie.secure = app_.Options().cookie_secure;
      response.cookies.push_back(std::move(cookie));
    }
    co_await RecordVisit(pool_, visit, user_id, visitor_id);
    co_return response;
  }

 private:
  web::App& app_;
  db::Pool& pool_;
};

}  // namespace

void Register(web::App& app, db::Pool& pool) {
  if (!app.GetContract().HasPart("marketing")) app.GetContract().AddPart("marketing", ContractPart());
  web::Api<UtmEdge> api(app, std::make_shared<UtmEdge>(app, pool));
  api.Add("storeUtmData", &UtmEdge::Store);
}

}  // namespace artel::marketing
