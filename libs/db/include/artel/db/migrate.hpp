#pragma once

#include <boost/asio/awaitable.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "artel/db/pool.hpp"

namespace artel::db {

struct MigrationReport {
  std::vector<std::string> applied;  // file names applied by this call, in order
  std::size_t already_applied = 0;
};

/// Applies `<dir>/NNNN_name.sql` files not applied yet, in order, each in its own transaction, under a
/// PostgreSQL advisory lock so several instances may start at once. Records name and SHA-256 checksum in
/// `public.schema_migrations`. Throws db::Error, and applies nothing, when an applied file's checksum
/// changed, an applied file is missing, or names are malformed or duplicated.
boost::asio::awaitable<MigrationReport> Migrate(Pool& pool, const std::filesystem::path& dir);

}  // namespace artel::db
