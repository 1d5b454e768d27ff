#include "artel/vacancies/counters.hpp"

#include "artel/db/pool.hpp"

namespace artel::vacancies {
namespace {

constexpr db::Statement kAddResponse{"vacancies.add_response", R"sql(
UPDATE vacancies.vacancies
SET response_count = response_count + 1, new_response_count = new_response_count + 1
WHERE id = $1
)sql"};
constexpr db::Statement kMarkViewed{"vacancies.mark_viewed", R"sql(
UPDATE vacancies.vacancies
SET new_response_count = greatest(new_response_count - 1, 0)
WHERE id = $1
)sql"};
constexpr db::Statement kReapplied{"vacancies.reapplied", R"sql(
UPDATE vacancies.vacancies
SET new_response_count = least(new_response_count + 1, response_count)
WHERE id = $1
)sql"};

}  // namespace

boost::asio::awaitable<void> Counters::AddResponse(db::Transaction& tx, std::int64_t vacancy_id) {
  co_await tx.Query(kAddResponse, vacancy_id);
}

boost::asio::awaitable<void> Counters::MarkViewed(db::Transaction& tx, std::int64_t vacancy_id) {
  co_await tx.Query(kMarkViewed, vacancy_id);
}

boost::asio::awaitable<void> Counters::Reapplied(db::Transaction& tx, std::int64_t vacancy_id) {
  co_await tx.Query(kReapplied, vacancy_id);
}

}  // namespace artel::vacancies
