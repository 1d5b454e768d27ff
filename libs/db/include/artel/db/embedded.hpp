#pragma once

#include <filesystem>
#include <memory>
#include <string>

namespace artel::db {

struct EmbeddedOptions {
  std::filesystem::path data_dir = "var/pgdata";
  /// Directory holding initdb, pg_ctl and postgres.
  std::filesystem::path bin_dir = "/usr/lib/postgresql/15/bin";
  std::string database = "artel";
  /// When running as root, PostgreSQL runs as this user (it refuses root).
  std::string system_user = "postgres";
  /// Off only for throwaway clusters (tests): a crash may then lose or corrupt data.
  bool fsync = true;
};

/// A private PostgreSQL cluster Artel starts itself: `initdb` on first use, then `postgres` listening only
/// on a Unix socket inside the data directory (no TCP port), stopped by Stop() or the destructor.
/// A stale server left by a killed Artel is detected through postmaster.pid and reused or restarted.
class EmbeddedPostgres final {
 public:
  /// Blocks until the server accepts connections and `database` exists. Throws std::runtime_error.
  static std::unique_ptr<EmbeddedPostgres> Start(EmbeddedOptions options);
  ~EmbeddedPostgres();
  EmbeddedPostgres(const EmbeddedPostgres&) = delete;
  EmbeddedPostgres& operator=(const EmbeddedPostgres&) = delete;

  /// libpq conninfo for `database` (host=<socket dir> ...).
  std::string ConnInfo() const;
  std::string ConnInfo(const std::string& database) const;
  /// Fast shutdown; idempotent.
  void Stop();
  /// Stops and starts the server again on the same directory (tests of reconnects).
  void Restart();

 private:
  explicit EmbeddedPostgres(EmbeddedOptions options);
  EmbeddedOptions options_;
  std::string socket_dir_;
  bool running_ = false;
};

}  // namespace artel::db
