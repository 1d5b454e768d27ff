#include "artel/storage/private_move.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "artel/db/pool.hpp"
#include "artel/storage/storage.hpp"

namespace artel::storage {

boost::asio::awaitable<std::size_t> MovePrivateFiles(db::Pool& pool, const FileStore& files,
                                                     const FileReferences& references, PrivateTable table,
                                                     int batch) {
  const std::string select = fmt::format(
      "SELECT id, file_name, thumbnail_name FROM {} WHERE NOT stored_private ORDER BY id LIMIT $1 "
      "FOR UPDATE SKIP LOCKED",
      table.table);
  // Taken before the public owners are asked: a public upload that stores the same bytes after this
  // moment refreshes the file's time, and RemoveIfStoredBefore then keeps it.
  const auto stored_before = std::filesystem::file_time_type::clock::now() - FileStore::kSweepGrace;

  auto tx = co_await pool.Begin();
  auto rows = co_await tx.Query(std::string_view(select), std::int64_t{batch});
  if (rows.Empty()) co_return 0;

  struct Row {
    std::int64_t id;
    std::vector<std::string> names;
  };
  std::vector<Row> taken;
  std::set<std::string> names;
  for (auto row : rows) {
    Row entry{row.Get<std::int64_t>("id"), {row.Get<std::string>("file_name")}};
    if (auto thumbnail = row.Get<std::optional<std::string>>("thumbnail_name")) {
      entry.names.push_back(*thumbnail);
    }
    for (const auto& name : entry.names) names.insert(name);
    taken.push_back(std::move(entry));
  }
  for (const auto& name : names) files.MakePrivate(name);

  // Which public copies a public owner (or another private owner's row not moved yet) still uses.
  const std::string used_sql = fmt::format("SELECT n.name, ({}) AS used FROM unnest($1::text[]) AS n(name)",
                                           references.OthersUse(table.owner, "n.name", Space::kPublic));
  const std::vector<std::string> listed(names.begin(), names.end());
  auto used = co_await tx.Query(std::string_view(used_sql), listed);
  std::set<std::string> still_public;
  for (auto row : used) {
    auto name = row.Get<std::string>("name");
    if (row.Get<bool>("used")) continue;
    // Never the only copy: a file MakePrivate could not copy stays where it is, and its rows wait.
    if (files.Exists(name, Space::kPublic) && !files.Exists(name, Space::kPrivate)) {
      still_public.insert(std::move(name));
      continue;
    }
    files.RemoveIfStoredBefore(name, stored_before, Space::kPublic);
    if (files.Exists(name, Space::kPublic)) still_public.insert(std::move(name));
  }

  std::vector<std::int64_t> done;
  for (const auto& row : taken) {
    const bool waits =
        std::ranges::any_of(row.names, [&](const auto& name) { return still_public.contains(name); });
    if (!waits) done.push_back(row.id);
  }
  if (!done.empty()) {
    const std::string mark =
        fmt::format("UPDATE {} SET stored_private = true WHERE id = ANY($1::bigint[])", table.table);
    co_await tx.Query(std::string_view(mark), done);
  }
  co_await tx.Commit();
  co_return done.size();
}

}  // namespace artel::storage
