#pragma once

#include <boost/asio/awaitable.hpp>
#include <cstddef>

namespace artel::db {
class Pool;
}  // namespace artel::db

namespace artel::catalog {
class Catalog;
}  // namespace artel::catalog

namespace artel::vacancies {

class Vacancies;

/// The demo vacancies of the demo companies (idempotent: nothing when they have vacancies already, or when
/// there is no demo company). Returns how many.
boost::asio::awaitable<std::size_t> SeedDemoVacancies(db::Pool& pool, Vacancies& vacancies,
                                                      catalog::Catalog& catalog);

}  // namespace artel::vacancies
