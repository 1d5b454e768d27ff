#pragma once

#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

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
  /// How long a process that finds the cluster owned by another Artel waits for its server to answer.
  std::chrono::seconds attach_timeout{60};
};

/// A private PostgreSQL cluster Artel starts itself: `initdb` on first use, then `postgres` listening only
/// on a Unix socket inside the data directory (no TCP port), stopped by Stop() or the destructor.
///
/// One owner per cluster: the process that holds an exclusive flock(2) on the data directory (released by
/// the kernel when the process dies, however it dies) and has written its pid into `artel.owner` there. The
/// owner starts, restarts and stops the server; a stale server left by a killed owner is detected through
/// postmaster.pid and restarted. A second process (another `artel serve` on the same directory, or
/// `artel create-admin` while serve runs) does not get the lock: it attaches to the running server through
/// the socket named in postmaster.pid, never stops it, and refuses with a message naming the owner's pid when
/// that server does not answer within attach_timeout.
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
  /// True when this process owns the cluster (false: attached to another Artel's server).
  bool Owner() const noexcept { return owner_; }
  /// Fast shutdown of an owned server; idempotent. An attached process does nothing: the server is not ours.
  void Stop();
  /// Stops and starts the server again on the same directory (tests of reconnects). Owner only.
  void Restart();
  /// Owner only: a thread (off the io threads) that checks every `interval` that the postmaster named in
  /// postmaster.pid is alive and starts the server again when it is not (killed, crashed, stopped by hand).
  /// The connection pool reconnects by itself. Stopped by Stop() and the destructor.
  void StartWatchdog(std::chrono::milliseconds interval = std::chrono::seconds(1));

 private:
  explicit EmbeddedPostgres(EmbeddedOptions options);
  void Attach();
  void StopWatchdog();
  void Watch(std::chrono::milliseconds interval);
  EmbeddedOptions options_;
  std::string socket_dir_;
  bool owner_ = false;
  /// The data directory, flock'ed while this process owns the cluster.
  int lock_fd_ = -1;
  /// Guards running_ against the watchdog.
  std::mutex mutex_;
  bool running_ = false;
  std::condition_variable wake_;
  bool watchdog_stop_ = false;
  std::thread watchdog_;
};

}  // namespace artel::db
