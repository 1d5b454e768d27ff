#include "artel/db/testing/database.hpp"

#include <fmt/format.h>
#include <libpq-fe.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <stdexcept>
#include <system_error>

#include "artel/core/crypto.hpp"
#include "artel/core/log.hpp"
#include "artel/db/migrate.hpp"
#include "artel/module_graph.hpp"

namespace artel::db::testing {

namespace fs = std::filesystem;

namespace {

/// A stopped, freshly initialised cluster shared by test processes as a copy source; empty when it cannot
/// be made. Built in a private directory and renamed into place, so concurrent processes never see half of
/// it.
fs::path TemplateCluster() {
  const fs::path path = fmt::format("/tmp/artel-pg-template-{}", ::geteuid());
  if (fs::exists(path / "PG_VERSION")) return path;
  std::string pattern = "/tmp/artel-pg-template-build-XXXXXX";
  if (::mkdtemp(pattern.data()) == nullptr) return {};
  const fs::path build = pattern;
  fs::permissions(build, fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec,
                  fs::perm_options::replace);
  EmbeddedOptions options;
  options.data_dir = build / "pgdata";
  options.database = "postgres";
  options.fsync = false;
  EmbeddedPostgres::Start(options)->Stop();
  std::error_code ec;
  fs::rename(build / "pgdata", path, ec);  // fails harmlessly when another process won the race
  fs::remove_all(build, ec);
  return fs::exists(path / "PG_VERSION") ? path : fs::path();
}

/// Test clusters outlive a test process that crashed or was killed (pg_ctl daemonises the server). Each
/// cluster directory records its owner's pid; a later test process stops the clusters of dead owners.
constexpr const char* kOwnerFile = "owner.pid";

void ReapAbandonedClusters() {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator("/tmp", ec)) {
    const std::string name = entry.path().filename().string();
    if (!name.starts_with("artel-test-")) continue;
    std::ifstream owner_file(entry.path() / kOwnerFile);
    pid_t owner = 0;
    if (!(owner_file >> owner) || owner <= 0) continue;
    if (::kill(owner, 0) == 0 || errno != ESRCH) continue;  // owner alive (or not ours to judge)
    const fs::path data_dir = entry.path() / "pgdata";
    const std::string runner = ::geteuid() == 0 ? "runuser -u postgres -- " : "";
    const std::string command = fmt::format("{}{}/pg_ctl stop -D '{}' -m immediate -w > /dev/null 2>&1",
                                            runner, EmbeddedOptions{}.bin_dir.string(), data_dir.string());
    if (fs::exists(data_dir / "postmaster.pid")) {
      log::Info("test database: stopping the cluster of dead test process {} in {}", owner,
                data_dir.string());
      if (std::system(command.c_str()) != 0)
        log::Warning("test database: could not stop {}", data_dir.string());
    }
    fs::remove_all(entry.path(), ec);
  }
}

/// Owns the process-wide cluster and its temporary directory; both go away at exit.
struct ClusterOwner {
  ClusterOwner() {
    std::string pattern = "/tmp/artel-test-XXXXXX";
    if (::mkdtemp(pattern.data()) == nullptr) {
      throw std::system_error(errno, std::generic_category(), "mkdtemp for the test cluster");
    }
    dir = pattern;
    ReapAbandonedClusters();
    std::ofstream(dir / kOwnerFile) << ::getpid() << '\n';
    // As root the cluster runs as the postgres user, which must be able to enter this directory.
    fs::permissions(dir, fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec,
                    fs::perm_options::replace);
    EmbeddedOptions options;
    options.data_dir = dir / "pgdata";
    // Copying a cluster made once is much faster than initdb in every test process (ctest runs each test
    // case as its own process).
    if (const auto source = TemplateCluster(); !source.empty()) {
      fs::copy(source, options.data_dir, fs::copy_options::recursive);
    }
    options.database = "postgres";
    options.fsync = false;
    server = EmbeddedPostgres::Start(std::move(options));
  }
  ~ClusterOwner() {
    server.reset();
    std::error_code ec;
    fs::remove_all(dir, ec);
  }

  fs::path dir;
  std::unique_ptr<EmbeddedPostgres> server;
};

/// Runs one statement on a short-lived synchronous maintenance connection (setup and teardown only).
void Maintenance(const std::string& sql) {
  std::unique_ptr<PGconn, decltype(&PQfinish)> conn(
      PQconnectdb(TestDatabase::Cluster().ConnInfo("postgres").c_str()), &PQfinish);
  if (!conn || PQstatus(conn.get()) != CONNECTION_OK) {
    throw std::runtime_error(fmt::format("test database: cannot connect: {}",
                                         conn ? PQerrorMessage(conn.get()) : "out of memory"));
  }
  std::unique_ptr<PGresult, decltype(&PQclear)> result(PQexec(conn.get(), sql.c_str()), &PQclear);
  if (PQresultStatus(result.get()) != PGRES_COMMAND_OK) {
    throw std::runtime_error(fmt::format("test database: {} failed: {}", sql, PQerrorMessage(conn.get())));
  }
}

}  // namespace

EmbeddedPostgres& TestDatabase::Cluster() {
  static ClusterOwner owner;
  return *owner.server;
}

std::string MigrationsDir() {
  return ARTEL_SOURCE_DIR "/db/migrations";
}

TestDatabase::TestDatabase(bool migrate) {
  static std::atomic<unsigned> counter{0};
  // Unique across test processes running at once against their own clusters, and within one process.
  name_ = fmt::format("test_{}_{}_{}", ::getpid(), counter++, ToHex(RandomBytes(4)));
  Maintenance(fmt::format("CREATE DATABASE {}", name_));
  PoolOptions options;
  options.conninfo = Cluster().ConnInfo(name_);
  options.max_size = 8;
  pool_ = Pool::Create(io_.get_executor(), std::move(options));
  if (migrate) Run(Migrate(*pool_, MigrationsDir(), LibraryGraph()));
}

TestDatabase::~TestDatabase() {
  pool_->Close();
  // Let rollbacks of released connections finish; what still holds the pool is destroyed with io_.
  io_.restart();
  io_.run();
  pool_.reset();
  try {
    Maintenance(fmt::format("DROP DATABASE IF EXISTS {} WITH (FORCE)", name_));
  } catch (const std::exception& e) {
    log::Warning("test database: {}", e.what());
  }
}

std::string TestDatabase::ConnInfo() const {
  return Cluster().ConnInfo(name_);
}

}  // namespace artel::db::testing
