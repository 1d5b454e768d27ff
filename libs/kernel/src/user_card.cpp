#include "artel/kernel/user_card.hpp"

#include "artel/db/result.hpp"

namespace artel::kernel {

namespace {

std::size_t Column(const db::Row& row, std::string_view prefix, std::string_view suffix) {
  std::string name(prefix);
  name += '_';
  name += suffix;
  return row.ColumnIndex(name);
}

}  // namespace

UserCardColumns::UserCardColumns(const db::Row& row, std::string_view prefix)
    : id(Column(row, prefix, "id")),
      name(Column(row, prefix, "name")),
      lastname(Column(row, prefix, "lastname")),
      avatar(Column(row, prefix, "avatar")) {}

UserCard ReadUserCard(const db::Row& row, const UserCardColumns& columns) {
  UserCard card;
  card.id = row.Get<std::int64_t>(columns.id);
  card.name = row.Get<std::string>(columns.name);
  card.lastname = row.Get<std::string>(columns.lastname);
  card.avatar = row.Get<std::optional<std::string>>(columns.avatar);
  return card;
}

UserCard ReadUserCard(const db::Row& row, std::string_view prefix) {
  return ReadUserCard(row, UserCardColumns(row, prefix));
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
