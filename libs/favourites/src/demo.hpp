#pragma once

#include <boost/asio/awaitable.hpp>
#include <cstdint>

namespace artel::db {
class Pool;
}  // namespace artel::db

namespace artel::favourites {

class Favourites;

/// A few bookmarks of each kind for the demo accounts (customer@, performer@ and two demo people, one of each
/// language), items in their language, added through Favourites::Add (so only what each may open).
/// Idempotent: returns the bookmarks added by this run.
boost::asio::awaitable<std::int64_t> SeedDemoFavourites(db::Pool& pool, Favourites& favourites);

}  // namespace artel::favourites
