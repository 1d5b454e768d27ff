#include "artel/db/migrate.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "artel/core/crypto.hpp"
#include "artel/core/log.hpp"
#include "pool_internal.hpp"

namespace artel::db {

namespace asio = boost::asio;

namespace {

/// Serialises migration runs of every Artel instance sharing the database ("artelmig" in ASCII).
constexpr std::int64_t kLockKey = 0x617274656c6d6967;

struct MigrationFile {
  std::string module;
  std::string file;  // NNNN_name.sql
  std::string name;  // module/file, as recorded
  std::string sql;
  std::string checksum;
};

struct Module {
  std::string name;
  std::vector<std::string> depends;
  std::vector<MigrationFile> files;
};

constexpr std::string_view kDependsFile = "DEPENDS";

std::string ReadWhole(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream content;
  content << in.rdbuf();
  if (!in) throw Error(fmt::format("cannot read {}", path.string()), "");
  return std::move(content).str();
}

Module ReadModule(const std::filesystem::path& dir, std::string name) {
  static const std::regex kFile(R"(^\d{4}_[a-z0-9_]+\.sql$)");
  Module module;
  module.name = std::move(name);
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string file = entry.path().filename().string();
    if (file == kDependsFile) {
      throw Error(fmt::format("{}/{}: a module's dependencies are declared by its artel_library() call in "
                              "CMake (DEPS, PRIVATE_DEPS, SCHEMA_DEPS), not here",
                              module.name, file),
                  "");
    }
    if (entry.path().extension() != ".sql") continue;
    if (!std::regex_match(file, kFile) || !entry.is_regular_file()) {
      throw Error(fmt::format("malformed migration file name {}/{} (expected NNNN_lower_snake.sql)",
                              module.name, file),
                  "");
    }
    std::string sql = ReadWhole(entry.path());
    std::string checksum = ToHex(Sha256(sql));
    module.files.push_back(
        MigrationFile{module.name, file, module.name + "/" + file, std::move(sql), std::move(checksum)});
  }
  std::sort(module.files.begin(), module.files.end(),
            [](const auto& a, const auto& b) { return a.file < b.file; });
  for (std::size_t i = 1; i < module.files.size(); ++i) {
    if (module.files[i].file.substr(0, 4) == module.files[i - 1].file.substr(0, 4)) {
      throw Error(
          fmt::format("migrations {} and {} share a number", module.files[i - 1].name, module.files[i].name),
          "");
    }
  }
  return module;
}

/// Dependencies first; among modules whose dependencies are all placed, the first by name.
std::vector<Module> OrderModules(std::vector<Module> modules, const std::filesystem::path& root,
                                 const ModuleGraph& graph) {
  std::map<std::string, std::size_t, std::less<>> index;
  for (std::size_t i = 0; i < modules.size(); ++i) index.emplace(modules[i].name, i);
  for (auto& module : modules) {
    const auto entry = graph.find(module.name);
    if (entry == graph.end()) {
      throw Error(fmt::format("migration folder {}/{} belongs to no module of the graph (an artel library of "
                              "that name)",
                              root.string(), module.name),
                  "");
    }
    for (const auto& dependency : entry->second) {
      if (dependency != module.name && index.contains(dependency)) module.depends.push_back(dependency);
    }
  }
  std::vector<Module> ordered;
  std::vector<bool> placed(modules.size(), false);
  while (ordered.size() < modules.size()) {
    std::size_t next = modules.size();
    for (const auto& [name, i] : index) {  // by name
      if (placed[i]) continue;
      const bool ready =
          std::all_of(modules[i].depends.begin(), modules[i].depends.end(),
                      [&](const std::string& dependency) { return placed[index.at(dependency)]; });
      if (ready) {
        next = i;
        break;
      }
    }
    if (next == modules.size()) {
      // Every module left waits for another one left: follow unplaced dependencies until one repeats.
      std::vector<std::size_t> path;
      std::size_t at = index.begin()->second;
      for (const auto& [name, i] : index) {
        if (!placed[i]) {
          at = i;
          break;
        }
      }
      while (std::find(path.begin(), path.end(), at) == path.end()) {
        path.push_back(at);
        for (const auto& dependency : modules[at].depends) {
          if (!placed[index.at(dependency)]) {
            at = index.at(dependency);
            break;
          }
        }
      }
      std::string cycle;
      for (auto it = std::find(path.begin(), path.end(), at); it != path.end(); ++it) {
        cycle += modules[*it].name + " -> ";
      }
      cycle += modules[at].name;
      throw Error(fmt::format("migration modules depend on each other in a cycle: {}", cycle), "");
    }
    placed[next] = true;
    ordered.push_back(std::move(modules[next]));
  }
  return ordered;
}

/// Every migration under `root`, module by module in dependency order, each module's files by number.
std::vector<MigrationFile> ReadMigrations(const std::filesystem::path& root, const ModuleGraph& graph) {
  static const std::regex kModule(R"(^[a-z][a-z0-9_]*$)");
  std::error_code ec;
  if (!std::filesystem::is_directory(root, ec)) {
    throw Error(fmt::format("migrations directory {} does not exist", root.string()), "");
  }
  std::vector<Module> modules;
  for (const auto& entry : std::filesystem::directory_iterator(root)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_directory()) {
      if (name.starts_with('.')) continue;
      if (!std::regex_match(name, kModule)) {
        throw Error(fmt::format("malformed migration module folder {} (expected lower_snake)", name), "");
      }
      modules.push_back(ReadModule(entry.path(), name));
    } else if (entry.path().extension() == ".sql") {
      throw Error(
          fmt::format("migration {} lies outside a module folder (expected {}/<module>/NNNN_name.sql)", name,
                      root.string()),
          "");
    }
  }
  std::vector<MigrationFile> files;
  for (auto& module : OrderModules(std::move(modules), root, graph)) {
    for (auto& file : module.files) files.push_back(std::move(file));
  }
  return files;
}

/// Names recorded before migrations had module folders ("0006_orders.sql") and the `module/file` each
/// becomes: the one file of that name whose checksum matches. Throws when the recorded checksum matches
/// no such file (edited after it was applied) or several.
std::vector<std::pair<std::string, std::string>> LegacyRenames(
    const std::map<std::string, std::string, std::less<>>& applied, const std::vector<MigrationFile>& files) {
  std::vector<std::pair<std::string, std::string>> renames;
  for (const auto& [name, checksum] : applied) {
    if (name.find('/') != std::string::npos) continue;
    std::vector<const MigrationFile*> same_name;
    std::vector<const MigrationFile*> matching;
    for (const auto& file : files) {
      if (file.file != name) continue;
      same_name.push_back(&file);
      if (file.checksum == checksum) matching.push_back(&file);
    }
    if (same_name.empty()) continue;  // reported as missing
    if (matching.empty()) {
      throw Error(
          fmt::format("migration {} was edited after it was applied (checksum {} recorded, {} on disk "
                      "as {}); add a new migration instead",
                      name, checksum, same_name.front()->checksum, same_name.front()->name),
          "");
    }
    if (matching.size() > 1) {
      throw Error(fmt::format("migration {} was applied before module folders, and both {} and {} match it",
                              name, matching[0]->name, matching[1]->name),
                  "");
    }
    if (applied.contains(matching.front()->name)) {
      throw Error(fmt::format("migration {} is recorded under its old name {} and its new one",
                              matching.front()->name, name),
                  "");
    }
    renames.emplace_back(name, matching.front()->name);
  }
  return renames;
}

class DiscardUnlessDone final {
 public:
  explicit DiscardUnlessDone(Transaction& session) : session_(session) {}
  ~DiscardUnlessDone() {
    if (!done) detail::TransactionAccess::Discard(session_);
  }
  DiscardUnlessDone(const DiscardUnlessDone&) = delete;
  DiscardUnlessDone& operator=(const DiscardUnlessDone&) = delete;
  bool done = false;

 private:
  Transaction& session_;
};

asio::awaitable<MigrationReport> RunMigrations(Pool& pool, std::filesystem::path dir, ModuleGraph graph) {
  const auto files = ReadMigrations(dir, graph);
  auto session = co_await detail::TransactionAccess::Session(pool);
  // On any failure the connection is closed rather than returned: that releases the session lock and
  // rolls back a half-applied file in one step.
  DiscardUnlessDone guard(session);

  // Waiting for another instance's migrations, and long DDL, must not hit the statement timeout.
  co_await session.Query("SET statement_timeout = 0");
  co_await session.Query("SELECT pg_advisory_lock($1::bigint)", kLockKey);
  co_await session.Query(R"(CREATE TABLE IF NOT EXISTS public.schema_migrations (
      name text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()))");
  const auto rows =
      co_await session.Query("SELECT name, checksum FROM public.schema_migrations ORDER BY name");

  std::map<std::string, std::string, std::less<>> applied;
  for (const auto row : rows) applied.emplace(row.Get<std::string>("name"), row.Get<std::string>("checksum"));

  // Renames are checked with everything else first, and written only when the whole check passed.
  MigrationReport report;
  const auto renames = LegacyRenames(applied, files);
  for (const auto& [from, to] : renames) {
    auto node = applied.extract(from);
    node.key() = to;
    applied.insert(std::move(node));
  }
  for (const auto& [name, checksum] : applied) {
    const auto file = std::find_if(files.begin(), files.end(), [&](const auto& f) { return f.name == name; });
    if (file == files.end()) {
      throw Error(fmt::format("migration {} was applied but is missing from {}", name, dir.string()), "");
    }
    if (file->checksum != checksum) {
      throw Error(
          fmt::format("migration {} was edited after it was applied (checksum {} recorded, {} on disk); "
                      "add a new migration instead",
                      name, checksum, file->checksum),
          "");
    }
  }
  if (!renames.empty()) {
    co_await session.Query("BEGIN");
    for (const auto& [from, to] : renames) {
      co_await session.Query("UPDATE public.schema_migrations SET name = $2 WHERE name = $1", from, to);
      report.renamed.push_back(to);
    }
    co_await session.Query("COMMIT");
    log::Info("db: {} migrations recorded before module folders now go by their module/file names",
              renames.size());
  }

  report.already_applied = applied.size();
  for (const auto& file : files) {
    if (applied.contains(file.name)) continue;
    log::Info("db: applying migration {}", file.name);
    co_await session.Query("BEGIN");
    try {
      co_await detail::TransactionAccess::SimpleQuery(session, file.sql);
    } catch (const Error& e) {
      log::Error("db: migration {} failed: {}", file.name, e.what());
      throw;
    }
    co_await session.Query("INSERT INTO public.schema_migrations (name, checksum) VALUES ($1, $2)", file.name,
                           file.checksum);
    co_await session.Query("COMMIT");
    report.applied.push_back(file.name);
  }

  co_await session.Query("SELECT pg_advisory_unlock($1::bigint)", kLockKey);
  const auto timeout = pool.Options().statement_timeout.count();
  // A named string: GCC 12 destroys a conditional's temporary twice when it spans co_await.
  const std::string restore = timeout > 0 ? fmt::format("SET statement_timeout = {}", timeout)
                                          : std::string("RESET statement_timeout");
  co_await session.Query(restore);
  guard.done = true;
  co_return report;
}

}  // namespace

asio::awaitable<MigrationReport> Migrate(Pool& pool, const std::filesystem::path& dir,
                                         const ModuleGraph& graph) {
  // Copies: the coroutine may outlive the caller's arguments.
  return RunMigrations(pool, dir, graph);
}

}  // namespace artel::db
