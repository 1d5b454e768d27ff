#include "artel/db/sql_builder.hpp"

#include <memory>
#include <mutex>
#include <unordered_map>

#include "artel/core/crypto.hpp"

namespace artel::db {

Statement InternStatement(std::string_view prefix, std::string sql) {
  struct Entry {
    std::string name;
    std::string sql;
  };
  static std::mutex mutex;
  // Keyed by prefix and text; entries are never removed, so the views a Statement holds stay valid.
  static std::unordered_map<std::string, std::unique_ptr<Entry>> entries;
  std::string key(prefix);
  key += '\n';
  key += sql;
  std::lock_guard lock(mutex);
  auto it = entries.find(key);
  if (it == entries.end()) {
    auto entry = std::make_unique<Entry>();
    entry->name = std::string(prefix) + ToHex(Sha256(sql)).substr(0, 20);
    entry->sql = std::move(sql);
    it = entries.emplace(std::move(key), std::move(entry)).first;
  }
  return Statement{it->second->name, it->second->sql};
}

BuiltQuery SqlBuilder::Build(std::string_view name_prefix) && {
  return BuiltQuery{InternStatement(name_prefix, std::move(text_)), std::move(params_)};
}

}  // namespace artel::db
