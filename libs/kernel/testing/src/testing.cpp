#include "artel/testing/testing.hpp"

namespace artel::testing {

std::int64_t MakeUser(db::testing::TestDatabase& db, std::string_view name) {
  const std::string email = std::string(name) + "@test.local";
  auto result = db.Run(db.GetPool().Query(
      "INSERT INTO identity.users (email, password_hash, name) VALUES ($1, 'x', $2) RETURNING id", email,
      name));
  return result.One().Get<std::int64_t>(0);
}

std::string FieldKey(const Error& error, std::string_view field) {
  auto it = error.Fields().find(field);
  if (it == error.Fields().end() || it->second.empty()) return "<no error on " + std::string(field) + ">";
  return it->second.front().key;
}

}  // namespace artel::testing
