#pragma once

// Who a resume was sent to (resumes.grants, db/migrations/resumes/0025_resumes.sql): an employer a response
// or an invitation put a resume in front of sees it while it is published or hidden, whatever its visibility.
// libs/hiring grants in the transaction that creates the response or the invitation; nothing revokes.

#include <boost/asio/awaitable.hpp>
#include <cstdint>
#include <optional>
#include <string>

namespace artel::db {
class Transaction;
}  // namespace artel::db

namespace artel::resumes {

/// A resume as one viewer may know it (Grants::SightOf).
struct ResumeSight {
  std::int64_t owner_id = 0;
  std::string status;    // draft, published, hidden
  bool visible = false;  // THE visibility rule of 0025 for this viewer
};

class Grants final {
 public:
  /// Lets `user_id` see the resume from now on (INSERT … ON CONFLICT DO NOTHING: granting twice is once),
  /// in the caller's transaction. The caller has checked that the resume exists and who owns it.
  static boost::asio::awaitable<void> Grant(db::Transaction& tx, std::int64_t resume_id,
                                            std::int64_t user_id);

  /// The resume's owner, state and whether `viewer_id` may see it, by the same rule the resume's own detail
  /// uses; nullopt when there is no such resume. In the caller's transaction.
  static boost::asio::awaitable<std::optional<ResumeSight>> SightOf(db::Transaction& tx,
                                                                    std::int64_t resume_id,
                                                                    std::int64_t viewer_id);

  /// Whether `user_id` was granted the resume (in the caller's transaction).
  static boost::asio::awaitable<bool> IsGranted(db::Transaction& tx, std::int64_t resume_id,
                                                std::int64_t user_id);
};

}  // namespace artel::resumes
