#include "artel/resumes/grants.hpp"

#include <string>

#include "artel/db/pool.hpp"
#include "visibility.hpp"

namespace artel::resumes {
namespace {

constexpr db::Statement kGrant{"resumes.grant", R"sql(
INSERT INTO resumes.grants (resume_id, user_id, created_at) VALUES ($1, $2, now())
ON CONFLICT (resume_id, user_id) DO NOTHING
)sql"};
constexpr db::Statement kIsGranted{"resumes.is_granted", R"sql(
SELECT 1 FROM resumes.grants WHERE resume_id = $1 AND user_id = $2
)sql"};

const db::Statement& SightStatement() {
  static const std::string sql = "SELECT r.user_id, r.status," + std::string(kVisibleTo) +
                                 " AS visible\nFROM resumes.resumes r\nWHERE r.id = $1";
  static const db::Statement statement{"resumes.sight", sql};
  return statement;
}

}  // namespace

boost::asio::awaitable<std::optional<ResumeSight>> Grants::SightOf(db::Transaction& tx,
                                                                   std::int64_t resume_id,
                                                                   std::int64_t viewer_id) {
  auto rows = co_await tx.Query(SightStatement(), resume_id, viewer_id);
  if (rows.Empty()) co_return std::nullopt;
  const auto row = rows.One();
  ResumeSight sight{.owner_id = row.Get<std::int64_t>("user_id"),
                    .status = std::string(row.Get<std::string_view>("status")),
                    .visible = row.Get<bool>("visible")};
  co_return sight;
}

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
