#pragma once

// The response counters of a vacancy (vacancies.vacancies.response_count / new_response_count), kept by
// libs/hiring in the transaction that changes a response: vacancies owns the columns, hiring only calls
// these. Each is one UPDATE of the vacancy's row (so it also takes that row's lock until `tx` ends).

#include <boost/asio/awaitable.hpp>
#include <cstdint>

namespace artel::db {
class Transaction;
}  // namespace artel::db

namespace artel::vacancies {

class Counters final {
 public:
  /// A new response (an application or an invitation): +1 response_count, +1 new_response_count.
  static boost::asio::awaitable<void> AddResponse(db::Transaction& tx, std::int64_t vacancy_id);
  /// The employer opened a new response: −1 new_response_count (never below zero).
  static boost::asio::awaitable<void> MarkViewed(db::Transaction& tx, std::int64_t vacancy_id);
  /// An applicant reapplied: the response is new again, +1 new_response_count (response_count unchanged:
  /// it counts responses, not attempts).
  static boost::asio::awaitable<void> Reapplied(db::Transaction& tx, std::int64_t vacancy_id);
};

}  // namespace artel::vacancies
