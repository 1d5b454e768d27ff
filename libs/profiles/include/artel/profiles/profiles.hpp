#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/describe/class.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "artel/db/contributions.hpp"
#include "artel/db/pool.hpp"
#include "artel/kernel/user_card.hpp"

namespace artel::profiles {

/// The UserCard schema (libs/web/api.yaml), a user as lists show them, as a described struct: the answers
/// of the contract-first edge hold one (web::Api checks it against the schema; kernel::ToJson writes it).
struct UserCardView {
  std::int64_t id = 0;
  std::string name;
  std::string lastname;
  /// The avatar's URL.
  std::optional<std::string> avatar;
};
BOOST_DESCRIBE_STRUCT(UserCardView, (), (id, name, lastname, avatar))

UserCardView CardView(const kernel::UserCard& card);

/// {id, name, lastname, avatar (a URL or null)}: CardView written as JSON, for the answers still built by
/// hand.
boost::json::object UserCardJson(const kernel::UserCard& card);

/// NotFound (profiles:users.not_found) unless the user exists: the public pages of a user.
boost::asio::awaitable<void> RequireUser(db::Pool& pool, std::int64_t user_id);

/// The one check before anybody starts contact with `user_id` (opens a chat or sends a message to them,
/// offers them a personal order, invites them to an order, invites their resume to a vacancy): NotFound
/// (profiles:users.not_found) when there is no such user, 409 Conflict (profiles:users.blocked) when
/// an administrator blocked the account (identity.users.blocked_at), which receives nothing new however
/// its profile reads. The transaction form reads inside the caller's transaction.
boost::asio::awaitable<void> RequireContactable(db::Pool& pool, std::int64_t user_id);
boost::asio::awaitable<void> RequireContactable(db::Transaction& tx, std::int64_t user_id);

/// Lets another domain add its part to the public card (reviews add `as_performer` and `as_customer`), the
/// way orders::DetailContributor extends an order's detail: every part's queries go in the card's pipeline
/// (one round trip), then each `apply` gets its own results in the order its queries were given.
using CardContributor = db::Contributor<std::int64_t>;

/// Users as others see them. Knows nothing of HTTP.
class Profiles final {
 public:
  explicit Profiles(db::Pool& pool);
  ~Profiles();
  Profiles(const Profiles&) = delete;
  Profiles& operator=(const Profiles&) = delete;

  boost::asio::awaitable<void> RequireUser(std::int64_t user_id);
  /// The GET /api/users/{id} body: the card, created_at and every contributor's part; NotFound for an
  /// unknown user.
  boost::asio::awaitable<boost::json::object> PublicCard(std::int64_t user_id);
  /// The card of a user others may still reach, for a preview elsewhere (a bookmark): nullopt when there is
  /// no such user or an administrator blocked them.
  boost::asio::awaitable<std::optional<UserCardView>> ReachableCard(std::int64_t user_id);

  void AddCardContributor(CardContributor contributor);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace artel::profiles
