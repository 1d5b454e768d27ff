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
  std::string name;
  std::string sql;
  std::string checksum;
};

std::vector<MigrationFile> ReadMigrations(const std::filesystem::path& dir) {
  static const std::regex kName(R"(^\d{4}_[a-z0-9_]+\.sql$)");
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) {
    throw Error(fmt::format("migrations directory {} does not exist", dir.string()), "");
  }
  std::vector<MigrationFile> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() != ".sql") continue;
    if (!std::regex_match(name, kName) || !entry.is_regular_file()) {
      throw Error(fmt::format("malformed migration file name {} (expected NNNN_lower_snake.sql)", name), "");
    }
    std::ifstream in(entry.path(), std::ios::binary);
    std::ostringstream content;
    content << in.rdbuf();
    if (!in) throw Error(fmt::format("cannot read migration {}", entry.path().string()), "");
    std::string sql = std::move(content).str();
    std::string checksum = ToHex(Sha256(sql));
    files.push_back(MigrationFile{name, std::move(sql), std::move(checksum)});
  }
  std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  for (std::size_t i = 1; i < files.size(); ++i) {
    if (files[i].name.substr(0, 4) == files[i - 1].name.substr(0, 4)) {
      throw Error(fmt::format("migrations {} and {} share a number", files[i - 1].name, files[i].name), "");
    }
  }
  return files;
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

asio::awaitable<MigrationReport> RunMigrations(Pool& pool, std::filesystem::path dir) {
  const auto files = ReadMigrations(dir);
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
  for (const auto row : rows) applied.emplace(row.Get<std::string>(0), row.Get<std::string>(1));
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

  MigrationReport report;
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

asio::awaitable<MigrationReport> Migrate(Pool& pool, const std::filesystem::path& dir) {
  return RunMigrations(pool, dir);
}

}  // namespace artel::db
