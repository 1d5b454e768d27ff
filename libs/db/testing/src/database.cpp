#include "artel/db/testing/database.hpp"

#include <fmt/format.h>
#include <libpq-fe.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <filesystem>
#include <mutex>
#include <stdexcept>
#include <system_error>

#include "artel/core/crypto.hpp"
#include "artel/core/log.hpp"
#include "artel/db/migrate.hpp"

namespace artel::db::testing {

namespace fs = std::filesystem;

namespace {

/// Owns the process-wide cluster and its temporary directory; both go away at exit.
struct ClusterOwner {
  ClusterOwner() {
    std::string pattern = "/tmp/artel-test-XXXXXX";
    if (::mkdtemp(pattern.data()) == nullptr) {
      throw std::system_error(errno, std::generic_category(), "mkdtemp for the test cluster");
    }
    dir = pattern;
    // As root the cluster runs as the postgres user, which must be able to enter this directory.
    fs::permissions(dir, fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec,
                    fs::perm_options::replace);
    EmbeddedOptions options;
    options.data_dir = dir / "pgdata";
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
  if (migrate) Run(Migrate(*pool_, MigrationsDir()));
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
