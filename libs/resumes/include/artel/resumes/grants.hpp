#pragma once

// The employers a resume was sent to (resumes.grants): they see it while it is published or hidden, whatever
// its visibility. libs/hiring grants it in the transaction that creates a response or an invitation.

#include <boost/asio/awaitable.hpp>
#include <cstdint>

namespace artel::db {
class Transaction;
}  // namespace artel::db

namespace artel::resumes {

class Grants final {
 public:
  /// Lets `user_id` see the resume (insert … ON CONFLICT DO NOTHING: granting twice is granting once).
  static boost::asio::awaitable<void> Grant(db::Transaction& tx, std::int64_t resume_id,
                                            std::int64_t user_id);
};

}  // namespace artel::resumes
