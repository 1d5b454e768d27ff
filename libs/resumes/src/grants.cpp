#include "artel/resumes/grants.hpp"

#include "artel/db/pool.hpp"

namespace artel::resumes {
namespace {

constexpr db::Statement kGrant{"resumes.grant", R"sql(
INSERT INTO resumes.grants (resume_id, user_id, created_at) VALUES ($1, $2, now())
ON CONFLICT (resume_id, user_id) DO NOTHING
)sql"};
constexpr db::Statement kIsGranted{"resumes.is_granted", R"sql(
SELECT 1 FROM resumes.grants WHERE resume_id = $1 AND user_id = $2
)sql"};

}  // namespace

boost::asio::awaitable<void> Grants::Grant(db::Transaction& tx, std::int64_t resume_id,
                                           std::int64_t user_id) {
  co_await tx.Query(kGrant, resume_id, user_id);
}

boost::asio::awaitable<bool> Grants::IsGranted(db::Transaction& tx, std::int64_t resume_id,
                                               std::int64_t user_id) {
  auto rows = co_await tx.Query(kIsGranted, resume_id, user_id);
  co_return !rows.Empty();
}

}  // namespace artel::resumes
