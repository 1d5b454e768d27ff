#include "artel/kernel/user_card.hpp"

#include "artel/db/result.hpp"

namespace artel::kernel {

UserCard ReadUserCard(const db::Row& row, std::string_view prefix) {
  std::string name(prefix);
  name += '_';
  const std::size_t base = name.size();
  auto column = [&](std::string_view suffix) -> const std::string& {
    name.resize(base);
    name += suffix;
    return name;
  };
  UserCard card;
  card.id = row.Get<std::int64_t>(column("id"));
  card.name = row.Get<std::string>(column("name"));
  card.lastname = row.Get<std::string>(column("lastname"));
  card.avatar = row.Get<std::optional<std::string>>(column("avatar"));
  return card;
}

bool HasUserCard(const db::Row& row, std::string_view prefix) {
  return !row.IsNull(row.ColumnIndex(std::string(prefix) + "_id"));
}

std::string UserCardSelect(std::string_view alias, std::string_view prefix) {
  std::string select;
  for (auto column : kUserCardColumns) {
    if (!select.empty()) select += ", ";
    select.append(alias).append(".").append(column).append(" AS ").append(prefix).append("_").append(column);
  }
  return select;
}

std::string FullName(const UserCard& card) {
  return card.lastname.empty() ? card.name : card.name + " " + card.lastname;
}

}  // namespace artel::kernel
