#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace artel::db {
class Row;
}  // namespace artel::db

namespace artel::kernel {

/// Who a list shows next to an order, a bid or a review.
struct UserCard {
  std::int64_t id = 0;
  std::string name;
  std::string lastname;
  /// A storage::FileStore name.
  std::optional<std::string> avatar;
};

/// The identity.users columns a card is made of. A statement selects them under one prefix per card, the
/// way ReadUserCard reads them:
///   c.id AS customer_id, c.name AS customer_name,
///   c.lastname AS customer_lastname, c.avatar AS customer_avatar
inline constexpr std::string_view kUserCardColumns[] = {"id", "name", "lastname", "avatar"};

/// The card of the columns `<prefix>_id`, `<prefix>_name`, `<prefix>_lastname`, `<prefix>_avatar`.
UserCard ReadUserCard(const db::Row& row, std::string_view prefix);

/// Where a card's columns are in a result: looked up by name once (from any row) for reading many rows.
struct UserCardColumns {
  UserCardColumns(const db::Row& row, std::string_view prefix);
  std::size_t id;
  std::size_t name;
  std::size_t lastname;
  std::size_t avatar;
};
UserCard ReadUserCard(const db::Row& row, const UserCardColumns& columns);
/// Whether `<prefix>_id` is NULL (a LEFT JOIN found nobody, e.g. an order without a performer).
bool HasUserCard(const db::Row& row, std::string_view prefix);
/// The select list of a card of the users row `alias` under `prefix` (for SQL built at run time; static
/// statements spell it out): UserCardSelect("c", "customer") gives the example above.
std::string UserCardSelect(std::string_view alias, std::string_view prefix);

/// "Name Lastname", or the name alone: how notifications name the other user.
std::string FullName(const UserCard& card);

}  // namespace artel::kernel
