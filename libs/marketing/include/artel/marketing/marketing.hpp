#pragma once

#include <boost/asio/awaitable.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace artel::db {
class Pool;
}  // namespace artel::db

namespace artel::marketing {

/// Cookie naming a guest browser, so its UTM visits can be attached to the account it later signs in to.
inline constexpr std::string_view kVisitorCookie = "artel_visitor";
inline constexpr std::int64_t kVisitorCookieSeconds = 30 * 24 * 60 * 60;

/// What POST /api/utm-data records (already validated: each UTM field ≤ 255 characters, visited_url present
/// and ≤ 2048).
struct Visit {
  std::optional<std::string> utm_source;
  std::optional<std::string> utm_medium;
  std::optional<std::string> utm_campaign;
  std::optional<std::string> utm_term;
  std::optional<std::string> utm_content;
  std::optional<std::string> visited_url;
};

/// True for the visitor ids this library hands out (RandomToken(16): 22 base64url characters).
bool IsValidVisitorId(std::string_view visitor_id) noexcept;

/// Stores a visit under the signed-in user and/or the visitor id (at least one of them).
boost::asio::awaitable<std::int64_t> RecordVisit(db::Pool& pool, const Visit& visit,
                                                 std::optional<std::int64_t> user_id,
                                                 std::optional<std::string> visitor_id);

/// Gives `user_id` the visits recorded under `visitor_id` that have no user yet. Returns how many.
boost::asio::awaitable<std::int64_t> AttachVisitor(db::Pool& pool, std::string_view visitor_id,
                                                   std::int64_t user_id);
/// The same with the visitor id from a request's Cookie header (nothing happens without one): what the
/// module does on every sign-in (identity::Identity::AddSignInListener).
boost::asio::awaitable<void> AttachSignedIn(db::Pool& pool, std::string cookie_header, std::int64_t user_id);

}  // namespace artel::marketing
