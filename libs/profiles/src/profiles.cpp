#include "artel/profiles/profiles.hpp"

#include "artel/core/error.hpp"
#include "artel/core/time.hpp"
#include "artel/kernel/json.hpp"
#include "artel/storage/storage.hpp"

namespace artel::profiles {
namespace {

using boost::asio::awaitable;

constexpr db::Statement kUserExists{"profiles.user_exists", R"sql(
SELECT 1 FROM identity.users WHERE id = $1
)sql"};

constexpr db::Statement kPublicUser{"profiles.public_user", R"sql(
SELECT id AS user_id, name AS user_name, lastname AS user_lastname, avatar AS user_avatar, created_at
FROM identity.users
WHERE id = $1
)sql"};

constexpr db::Statement kReachableUser{"profiles.reachable_user", R"sql(
SELECT id AS user_id, name AS user_name, lastname AS user_lastname, avatar AS user_avatar
FROM identity.users
WHERE id = $1 AND blocked_at IS NULL
)sql"};

constexpr db::Statement kUserBlocked{"profiles.user_blocked", R"sql(
SELECT blocked_at IS NOT NULL AS blocked FROM identity.users WHERE id = $1
)sql"};

Error UserNotFound() {
  return NotFound({"profiles:users.not_found", {}});
}

void CheckContactable(const db::Result& rows) {
  if (rows.Empty()) throw UserNotFound();
  if (rows.One().Get<bool>("blocked")) throw Conflict({"profiles:users.blocked", {}});
}

}  // namespace

UserCardView CardView(const kernel::UserCard& card) {
  UserCardView view{card.id, card.name, card.lastname, std::nullopt};
  if (card.avatar) view.avatar = storage::FileUrl(*card.avatar);
  return view;
}

boost::json::object UserCardJson(const kernel::UserCard& card) {
  return kernel::ToJson(CardView(card)).as_object();
}

awaitable<void> RequireUser(db::Pool& pool, std::int64_t user_id) {
  auto user = co_await pool.Query(kUserExists, user_id);
  if (user.Empty()) throw UserNotFound();
}

awaitable<void> RequireContactable(db::Pool& pool, std::int64_t user_id) {
  CheckContactable(co_await pool.Query(kUserBlocked, user_id));
}

awaitable<void> RequireContactable(db::Transaction& tx, std::int64_t user_id) {
  CheckContactable(co_await tx.Query(kUserBlocked, user_id));
}

struct Profiles::Impl {
  explicit Impl(db::Pool& p) : pool(p) {}

  db::Pool& pool;
  db::Contributions<std::int64_t> contributors;
};

Profiles::Profiles(db::Pool& pool) : impl_(std::make_unique<Impl>(pool)) {}

Profiles::~Profiles() = default;

awaitable<void> Profiles::RequireUser(std::int64_t user_id) {
  co_await profiles::RequireUser(impl_->pool, user_id);
}

awaitable<boost::json::object> Profiles::PublicCard(std::int64_t user_id) {
  std::vector<db::PipelineQuery> own;
  own.push_back({kPublicUser, db::MakeParams(user_id)});
  auto batch = impl_->contributors.Collect(std::move(own), user_id);
  auto results = co_await impl_->pool.Pipeline(std::move(batch.queries));
  if (results[0].Empty()) throw UserNotFound();
  auto row = results[0][0];
  auto card = UserCardJson(kernel::ReadUserCard(row, "user"));
  card["created_at"] = IsoTime(row.Get<TimePoint>("created_at"));
  impl_->contributors.Apply(batch, results, user_id, card);
  co_return card;
}

awaitable<std::optional<UserCardView>> Profiles::ReachableCard(std::int64_t user_id) {
  auto rows = co_await impl_->pool.Query(kReachableUser, user_id);
  if (rows.Empty()) co_return std::nullopt;
  co_return CardView(kernel::ReadUserCard(rows.One(), "user"));
}

void Profiles::AddCardContributor(CardContributor contributor) {
  impl_->contributors.Add(std::move(contributor));
}

}  // namespace artel::profiles
