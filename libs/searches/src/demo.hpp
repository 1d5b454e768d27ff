#pragma once

#include <boost/asio/awaitable.hpp>
#include <cstdint>

namespace artel::db {
class Pool;
}  // namespace artel::db

namespace artel::searches {

class Searches;

/// `artel seed-demo`: a few saved searches of the demo performer and applicants in their language, saved
/// before the orders and vacancies are seeded, so those items arrive as their new matches. Returns how many
/// were saved (none when the users have some already).
boost::asio::awaitable<std::int64_t> SeedDemoSearches(db::Pool& pool, Searches& searches);

}  // namespace artel::searches
