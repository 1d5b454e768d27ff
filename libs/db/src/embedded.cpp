#include "artel/db/embedded.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <libpq-fe.h>
#include <pwd.h>
#include <signal.h>
#include <spawn.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <vector>

#include "artel/core/log.hpp"

extern char** environ;

namespace artel::db {

namespace fs = std::filesystem;

namespace {

/// The name initdb gives the cluster's superuser; Artel connects as it (trust auth over a private socket).
constexpr const char* kSuperuser = "postgres";
/// No TCP port is opened; the number only names the socket file.
constexpr int kPort = 5432;
/// sockaddr_un.sun_path holds 108 bytes; stay clearly below it.
constexpr std::size_t kMaxSocketPath = 100;

struct SystemUser {
  uid_t uid = 0;
  gid_t gid = 0;
};

bool RunningAsRoot() {
  return ::geteuid() == 0;
}

SystemUser LookUpUser(const std::string& name) {
  passwd entry{};
  passwd* found = nullptr;
  std::vector<char> buffer(16384);
  const int rc = ::getpwnam_r(name.c_str(), &entry, buffer.data(), buffer.size(), &found);
  if (rc != 0 || found == nullptr) {
    throw std::runtime_error(
        fmt::format("embedded PostgreSQL: running as root, PostgreSQL must run as the system user '{}', "
                    "which does not exist "
                    "(install the postgresql package or create the user)",
                    name));
  }
  return {found->pw_uid, found->pw_gid};
}

void Chown(const fs::path& path, const SystemUser& user) {
  if (::lchown(path.c_str(), user.uid, user.gid) != 0) {
    throw std::runtime_error(
        fmt::format("embedded PostgreSQL: chown {} failed: {}", path.string(), std::strerror(errno)));
  }
}

struct CommandResult {
  int status = 0;
  std::string output;
};

/// Runs a program (searched in PATH) with stdin from /dev/null and stdout+stderr captured; blocks.
CommandResult RunCommand(const std::vector<std::string>& argv) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) throw std::system_error(errno, std::generic_category(), "pipe2");
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  int rc = posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  if (rc == 0) rc = posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
  if (rc == 0) rc = posix_spawn_file_actions_adddup2(&actions, fds[1], 2);
  // The PostgreSQL user may not be allowed into our working directory; every path passed is absolute.
  if (rc == 0) rc = posix_spawn_file_actions_addchdir_np(&actions, "/");
  std::vector<char*> args;
  for (const auto& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  if (rc == 0) rc = ::posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(fds[1]);
  if (rc != 0) {
    ::close(fds[0]);
    throw std::system_error(rc, std::generic_category(), fmt::format("cannot run {}", argv[0]));
  }
  CommandResult result;
  char buffer[4096];
  for (;;) {
    const ssize_t got = ::read(fds[0], buffer, sizeof buffer);
    if (got > 0) {
      result.output.append(buffer, static_cast<std::size_t>(got));
    } else if (got == 0 || errno != EINTR) {
      break;
    }
  }
  ::close(fds[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) throw std::system_error(errno, std::generic_category(), "waitpid");
  }
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return result;
}

/// Runs a PostgreSQL program from bin_dir; as root, as the system user (PostgreSQL refuses root).
CommandResult RunPostgresTool(const EmbeddedOptions& options, const std::vector<std::string>& args) {
  std::vector<std::string> argv;
  if (RunningAsRoot()) argv = {"runuser", "-u", options.system_user, "--"};
  argv.push_back((options.bin_dir / args.front()).string());
  argv.insert(argv.end(), args.begin() + 1, args.end());
  return RunCommand(argv);
}

std::string QuoteConnValue(std::string_view value) {
  std::string out = "'";
  for (char c : value) {
    if (c == '\'' || c == '\\') out.push_back('\\');
    out.push_back(c);
  }
  out.push_back('\'');
  return out;
}

/// Fails with an explanation when `user` cannot traverse every directory above `dir`.
void CheckTraversable(const fs::path& dir, const std::string& user_name, const SystemUser& user) {
  for (fs::path current = dir.parent_path();; current = current.parent_path()) {
    struct stat info {};
    if (::stat(current.c_str(), &info) != 0) {
      throw std::runtime_error(
          fmt::format("embedded PostgreSQL: cannot stat {}: {}", current.string(), std::strerror(errno)));
    }
    const mode_t needed = info.st_uid == user.uid ? S_IXUSR : info.st_gid == user.gid ? S_IXGRP : S_IXOTH;
    if ((info.st_mode & needed) == 0) {
      throw std::runtime_error(fmt::format(
          "embedded PostgreSQL: PostgreSQL refuses to run as root, so Artel runs it as the system user '{}', "
          "which cannot enter {} (mode {:o}) on the way to the data directory {}. Fix: `chmod o+x {}`, or "
          "set "
          "database.embedded_dir (ARTEL_DATABASE_EMBEDDED_DIR) to a directory that user can reach, or use an "
          "external database with database.url",
          user_name, current.string(), info.st_mode & 07777, dir.string(), current.string()));
    }
    if (current == current.root_path() || current.empty()) break;
  }
}

std::string Tail(const fs::path& file, std::size_t bytes) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return {};
  in.seekg(0, std::ios::end);
  const auto size = static_cast<std::size_t>(in.tellg());
  const auto start = size > bytes ? size - bytes : 0;
  in.seekg(static_cast<std::streamoff>(start));
  std::string text(size - start, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  return text;
}

std::vector<std::string> ReadLines(const fs::path& file) {
  std::ifstream in(file);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

/// The postmaster named in postmaster.pid is alive (a missing or stale file: not).
bool PostmasterAlive(const fs::path& data_dir) {
  const auto lines = ReadLines(data_dir / "postmaster.pid");
  if (lines.empty()) return false;
  pid_t pid = 0;
  try {
    pid = static_cast<pid_t>(std::stol(lines[0]));
  } catch (const std::exception&) {
    return false;
  }
  if (pid <= 0) return false;
  return ::kill(pid, 0) == 0 || errno == EPERM;
}

void StartServer(const EmbeddedOptions& options, const std::string& socket_dir) {
  const auto data_dir = options.data_dir.string();
  const fs::path log_file = options.data_dir.parent_path() / "postgres.log";
  if (RunPostgresTool(options, {"pg_ctl", "status", "-D", data_dir}).status == 0) {
    // A server left running by an Artel that was killed: stop it, so it runs with this run's settings.
    log::Info("db: a PostgreSQL from an earlier run is still running on {}; restarting it", data_dir);
    const auto stopped =
        RunPostgresTool(options, {"pg_ctl", "stop", "-D", data_dir, "-m", "fast", "-w", "-t", "60"});
    // pg_ctl also fails when the postmaster dies without removing postmaster.pid, e.g. one killed with
    // SIGKILL whose zombie its init reaped only now: then nothing runs and the server can start (it takes a
    // stale postmaster.pid as such).
    if (stopped.status != 0 && PostmasterAlive(options.data_dir)) {
      throw std::runtime_error(
          fmt::format("embedded PostgreSQL: cannot stop the stale server:\n{}", stopped.output));
    }
  }
  std::string server_options =
      fmt::format("-c listen_addresses='' -k '{}' -p {} -c unix_socket_permissions=0700", socket_dir, kPort);
  // Artel's queries are short and index-driven; a parallel worker's start-up costs more than they do
  // (docs/performance.md, "Order list", finding 4).
  server_options += " -c max_parallel_workers_per_gather=0";
  if (!options.fsync) server_options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off";
  log::Info("db: starting the embedded PostgreSQL on {} (socket in {})", data_dir, socket_dir);
  const auto started = RunPostgresTool(options, {"pg_ctl", "start", "-D", data_dir, "-w", "-t", "120", "-l",
                                                 log_file.string(), "-o", server_options});
  if (started.status != 0) {
    throw std::runtime_error(fmt::format("embedded PostgreSQL: pg_ctl start failed:\n{}\nlog ({}):\n{}",
                                         started.output, log_file.string(), Tail(log_file, 4000)));
  }
}

/// Waits until the server accepts connections, then creates `database` when missing (synchronous libpq:
/// this runs before any io loop).
void WaitAndEnsureDatabase(const std::string& maintenance, const std::string& database) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (PQping(maintenance.c_str()) != PQPING_OK) {
    if (std::chrono::steady_clock::now() > deadline) {
      throw std::runtime_error("embedded PostgreSQL: the server does not accept connections");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  std::unique_ptr<PGconn, decltype(&PQfinish)> conn(PQconnectdb(maintenance.c_str()), &PQfinish);
  if (!conn || PQstatus(conn.get()) != CONNECTION_OK) {
    throw std::runtime_error(fmt::format("embedded PostgreSQL: cannot connect: {}",
                                         conn ? PQerrorMessage(conn.get()) : "out of memory"));
  }
  using ResultPtr = std::unique_ptr<PGresult, decltype(&PQclear)>;
  const char* values[] = {database.c_str()};
  ResultPtr found(PQexecParams(conn.get(), "SELECT 1 FROM pg_database WHERE datname = $1", 1, nullptr, values,
                               nullptr, nullptr, 0),
                  &PQclear);
  if (PQresultStatus(found.get()) != PGRES_TUPLES_OK) {
    throw std::runtime_error(fmt::format("embedded PostgreSQL: {}", PQerrorMessage(conn.get())));
  }
  if (PQntuples(found.get()) > 0) return;
  std::unique_ptr<char, decltype(&PQfreemem)> quoted(
      PQescapeIdentifier(conn.get(), database.c_str(), database.size()), &PQfreemem);
  if (!quoted) throw std::runtime_error(fmt::format("embedded PostgreSQL: {}", PQerrorMessage(conn.get())));
  log::Info("db: creating database {}", database);
  ResultPtr created(PQexec(conn.get(), fmt::format("CREATE DATABASE {}", quoted.get()).c_str()), &PQclear);
  if (PQresultStatus(created.get()) != PGRES_COMMAND_OK) {
    const char* state = PQresultErrorField(created.get(), PG_DIAG_SQLSTATE);
    if (state == nullptr || std::string_view(state) != "42P04") {  // 42P04: created concurrently meanwhile
      throw std::runtime_error(
          fmt::format("embedded PostgreSQL: CREATE DATABASE failed: {}", PQerrorMessage(conn.get())));
    }
  }
}

/// Our own lock file's name inside the cluster directory: the owner's pid, for messages and operators.
constexpr const char* kOwnerFile = "artel.owner";

std::string OwnerPid(const fs::path& data_dir) {
  const auto lines = ReadLines(data_dir / kOwnerFile);
  return lines.empty() ? std::string("unknown") : lines[0];
}

}  // namespace

EmbeddedPostgres::EmbeddedPostgres(EmbeddedOptions options) : options_(std::move(options)) {}

std::unique_ptr<EmbeddedPostgres> EmbeddedPostgres::Start(EmbeddedOptions options) {
  options.data_dir = fs::absolute(options.data_dir).lexically_normal();
  if (options.data_dir.filename().empty()) options.data_dir = options.data_dir.parent_path();
  std::unique_ptr<EmbeddedPostgres> server(new EmbeddedPostgres(std::move(options)));
  const auto& data_dir = server->options_.data_dir;
  const bool as_root = RunningAsRoot();
  SystemUser user;
  if (as_root) user = LookUpUser(server->options_.system_user);

  fs::create_directories(data_dir);
  // The ownership lock: on the directory itself (initdb wants it empty), released by the kernel when this
  // process dies, so a killed owner never leaves a lock behind.
  server->lock_fd_ = ::open(data_dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (server->lock_fd_ < 0) {
    throw std::runtime_error(
        fmt::format("embedded PostgreSQL: cannot open {}: {}", data_dir.string(), std::strerror(errno)));
  }
  if (::flock(server->lock_fd_, LOCK_EX | LOCK_NB) != 0) {
    if (errno != EWOULDBLOCK) {
      throw std::runtime_error(
          fmt::format("embedded PostgreSQL: cannot lock {}: {}", data_dir.string(), std::strerror(errno)));
    }
    server->Attach();
    return server;
  }
  server->owner_ = true;
  fs::permissions(data_dir, fs::perms::owner_all, fs::perm_options::replace);
  if (as_root) {
    CheckTraversable(data_dir, server->options_.system_user, user);
    struct stat info {};
    if (::stat(data_dir.c_str(), &info) != 0) {
      throw std::runtime_error(fmt::format("embedded PostgreSQL: cannot stat {}", data_dir.string()));
    }
    if (info.st_uid != user.uid) {
      log::Info("db: giving {} to the system user '{}'", data_dir.string(), server->options_.system_user);
      Chown(data_dir, user);
      for (const auto& entry : fs::recursive_directory_iterator(data_dir)) Chown(entry.path(), user);
    }
  }

  if (!fs::exists(data_dir / "PG_VERSION")) {
    if (!fs::is_empty(data_dir)) {
      throw std::runtime_error(fmt::format(
          "embedded PostgreSQL: {} is neither empty nor a PostgreSQL data directory", data_dir.string()));
    }
    log::Info("db: creating an embedded PostgreSQL cluster in {}", data_dir.string());
    const auto result =
        RunPostgresTool(server->options_, {"initdb", "-D", data_dir.string(), "-U", kSuperuser,
                                           "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8"});
    if (result.status != 0) {
      throw std::runtime_error(fmt::format("embedded PostgreSQL: initdb failed:\n{}", result.output));
    }
  }

  const fs::path socket_file = data_dir / fmt::format(".s.PGSQL.{}", kPort);
  if (socket_file.string().size() < kMaxSocketPath) {
    server->socket_dir_ = data_dir.string();
  } else {
    std::string pattern = "/tmp/artel-pg-XXXXXX";
    if (::mkdtemp(pattern.data()) == nullptr) {
      throw std::system_error(errno, std::generic_category(), "mkdtemp for the PostgreSQL socket");
    }
    server->socket_dir_ = pattern;
    if (as_root) Chown(pattern, user);
    log::Info("db: the data directory path is too long for a Unix socket; using {}", pattern);
  }
  if (server->socket_dir_.find('\'') != std::string::npos) {
    throw std::runtime_error("embedded PostgreSQL: the data directory path must not contain a quote");
  }

  const fs::path log_file = data_dir.parent_path() / "postgres.log";
  {
    std::ofstream touch(log_file, std::ios::app);
    if (!touch)
      throw std::runtime_error(fmt::format("embedded PostgreSQL: cannot write {}", log_file.string()));
  }
  if (as_root) Chown(log_file, user);

  StartServer(server->options_, server->socket_dir_);
  server->running_ = true;
  {
    const fs::path owner_file = data_dir / kOwnerFile;
    std::ofstream out(owner_file, std::ios::trunc);
    out << ::getpid() << "\n";
    out.close();
    if (as_root) Chown(owner_file, user);
  }
  WaitAndEnsureDatabase(server->ConnInfo("postgres"), server->options_.database);
  return server;
}

void EmbeddedPostgres::Attach() {
  const auto& data_dir = options_.data_dir;
  const auto owner = OwnerPid(data_dir);
  log::Info("db: {} belongs to another Artel (pid {}); attaching to its PostgreSQL without owning it",
            data_dir.string(), owner);
  const auto deadline = std::chrono::steady_clock::now() + options_.attach_timeout;
  for (;;) {
    const auto lines = ReadLines(data_dir / "postmaster.pid");
    // postmaster.pid: pid, data directory, start time, port, socket directory, ...
    if (lines.size() >= 5 && PostmasterAlive(data_dir)) {
      socket_dir_ = lines[4].empty() ? data_dir.string() : lines[4];
      if (PQping(ConnInfo("postgres").c_str()) == PQPING_OK) break;
    }
    if (std::chrono::steady_clock::now() > deadline) {
      throw std::runtime_error(fmt::format(
          "embedded PostgreSQL: {} belongs to another running Artel (pid {}), whose PostgreSQL did not "
          "answer "
          "within {} s. Stop that process, or give this one its own data_dir (or database.embedded_dir)",
          data_dir.string(), owner, options_.attach_timeout.count()));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  WaitAndEnsureDatabase(ConnInfo("postgres"), options_.database);
}

EmbeddedPostgres::~EmbeddedPostgres() {
  StopWatchdog();
  try {
    Stop();
  } catch (const std::exception& e) {
    log::Error("db: stopping the embedded PostgreSQL failed: {}", e.what());
  }
  if (owner_ && !socket_dir_.empty() && fs::path(socket_dir_) != options_.data_dir) {
    std::error_code ec;
    fs::remove_all(socket_dir_, ec);
  }
  if (lock_fd_ >= 0) ::close(lock_fd_);
}

void EmbeddedPostgres::StartWatchdog(std::chrono::milliseconds interval) {
  if (!owner_ || watchdog_.joinable()) return;
  watchdog_ = std::thread([this, interval] { Watch(interval); });
}

void EmbeddedPostgres::StopWatchdog() {
  {
    std::lock_guard lock(mutex_);
    watchdog_stop_ = true;
  }
  wake_.notify_all();
  if (watchdog_.joinable()) watchdog_.join();
}

void EmbeddedPostgres::Watch(std::chrono::milliseconds interval) {
  std::unique_lock lock(mutex_);
  while (!wake_.wait_for(lock, interval, [this] { return watchdog_stop_; })) {
    if (!running_ || PostmasterAlive(options_.data_dir)) continue;
    log::Warning("db: the embedded PostgreSQL on {} is gone; starting it again", options_.data_dir.string());
    try {
      StartServer(options_, socket_dir_);
      log::Info("db: the embedded PostgreSQL on {} runs again", options_.data_dir.string());
    } catch (const std::exception& e) {
      // Typically the killed postmaster's backends still hold its shared memory for a moment: next tick.
      log::Warning("db: restarting the embedded PostgreSQL failed (retrying): {}", e.what());
    }
  }
}

std::string EmbeddedPostgres::ConnInfo() const {
  return ConnInfo(options_.database);
}

std::string EmbeddedPostgres::ConnInfo(const std::string& database) const {
  return fmt::format("host={} port={} user={} dbname={}", QuoteConnValue(socket_dir_), kPort, kSuperuser,
                     QuoteConnValue(database));
}

void EmbeddedPostgres::Stop() {
  std::lock_guard lock(mutex_);
  if (!owner_ || !running_) return;
  log::Info("db: stopping the embedded PostgreSQL on {}", options_.data_dir.string());
  const auto stopped = RunPostgresTool(
      options_, {"pg_ctl", "stop", "-D", options_.data_dir.string(), "-m", "fast", "-w", "-t", "60"});
  running_ = false;
  if (stopped.status != 0) {
    // Already gone (stopped by someone else) is what Stop() wants; exit status 3 means "not running".
    if (RunPostgresTool(options_, {"pg_ctl", "status", "-D", options_.data_dir.string()}).status == 3) {
      log::Info("db: the embedded PostgreSQL on {} was already stopped", options_.data_dir.string());
      return;
    }
    throw std::runtime_error(fmt::format("embedded PostgreSQL: pg_ctl stop failed:\n{}", stopped.output));
  }
}

void EmbeddedPostgres::Restart() {
  if (!owner_) throw std::logic_error("embedded PostgreSQL: only the owner restarts the server");
  Stop();
  {
    std::lock_guard lock(mutex_);
    StartServer(options_, socket_dir_);
    running_ = true;
  }
  WaitAndEnsureDatabase(ConnInfo("postgres"), options_.database);
}

}  // namespace artel::db
