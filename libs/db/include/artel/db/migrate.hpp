#pragma once

#include <boost/asio/awaitable.hpp>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "artel/db/pool.hpp"

namespace artel::db {

struct MigrationReport {
  std::vector<std::string> applied;  // `module/file` names applied by this call, in order
  std::size_t already_applied = 0;
  /// Legacy names (recorded before module folders) this call renamed, as their new `module/file` names.
  std::vector<std::string> renamed;
};

/// Each library and what it needs before it: artel::LibraryGraph() (artel/module_graph.hpp), derived by CMake
/// from the artel_library() calls, is the application's.
using ModuleGraph = std::map<std::string, std::vector<std::string>, std::less<>>;

/// Applies the migrations under `root` that are not applied yet. Each module has a folder
/// `<root>/<module>/` of `NNNN_name.sql` files, numbered per module; `graph` names the folders each needs
/// first (the names it lists that have no folder are skipped). Modules run in dependency order (ties by
/// name), each module's files in number order, each file in its own transaction, under a PostgreSQL
/// advisory lock so several instances may start at once. Records `module/file` and the file's SHA-256 in
/// `public.schema_migrations`.
///
/// A name recorded before module folders existed (`0006_orders.sql`) is renamed to the `module/file` of
/// the same file name and checksum, in one transaction, before anything is applied.
///
/// Throws db::Error, and changes nothing, when an applied file's checksum changed, an applied file is
/// missing, names are malformed or share a number within a module, a `.sql` file lies outside a module
/// folder, a folder is no module of `graph` or holds a DEPENDS file (the graph is declared in CMake now), or
/// the modules depend on each other in a cycle.
boost::asio::awaitable<MigrationReport> Migrate(Pool& pool, const std::filesystem::path& root,
                                                const ModuleGraph& graph);

}  // namespace artel::db
