#pragma once

// Who a resume was sent to (resumes.grants, db/migrations/resumes/0025_resumes.sql): an employer a response
// or an invitation put a resume in front of sees it while it is published or hidden, whatever its visibility.
// libs/hiring grants in the transaction that creates the response or the invitation; nothing revokes.

#include <boost/asio/awaitable.hpp>
#include <cstdint>

namespace artel::db {
class Transaction;
}  // namespace artel::db

namespace artel::resumes {

class Grants final {
 public:
  /// Lets `user_id` see the resume from now on (INSERT … ON CONFLICT DO NOTHING: granting twice is once),
  /// in the caller's transaction. The caller has checked that the resume exists and who owns it.
  static boost::asio::awaitable<void> Grant(db::Transaction& tx, std::int64_t resume_id,
                                            std::int64_t user_id);

  /// Whether `user_id` was granted the resume (in the caller's transaction).
  static boost::asio::awaitable<bool> IsGranted(db::Transaction& tx, std::int64_t resume_id,
                                                std::int64_t user_id);
};

}  // namespace artel::resumes
