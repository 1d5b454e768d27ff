// The embedded cluster's own behaviour: long paths, a server left running, unreachable directories.
#include "artel/db/embedded.hpp"

#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <unistd.h>

#include <filesystem>

namespace artel::db {
namespace {

namespace fs = std::filesystem;

class TempDir final {
 public:
  TempDir() {
    std::string pattern = "/tmp/artel-embedded-XXXXXX";
    if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp");
    path_ = pattern;
    fs::permissions(path_, fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec,
                    fs::perm_options::replace);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  const fs::path& Path() const { return path_; }

 private:
  fs::path path_;
};

bool Accepts(const std::string& conninfo) {
  return PQping(conninfo.c_str()) == PQPING_OK;
}

TEST(EmbeddedTest, LongPathUsesShortSocketDirAndAStaleServerIsTakenOver) {
  TempDir dir;
  // Deep enough that <data_dir>/.s.PGSQL.5432 would not fit in sockaddr_un.
  const fs::path data_dir = dir.Path() / std::string(60, 'd') / std::string(60, 'e') / "pgdata";
  fs::create_directories(data_dir.parent_path());
  for (fs::path p = data_dir.parent_path(); p != dir.Path(); p = p.parent_path()) {
    fs::permissions(p, fs::perms::owner_all | fs::perms::others_exec, fs::perm_options::replace);
  }
  EmbeddedOptions options;
  options.data_dir = data_dir;
  options.database = "artel_embedded";
  options.fsync = false;
  auto first = EmbeddedPostgres::Start(options);
  const auto conninfo = first->ConnInfo();
  EXPECT_NE(conninfo.find("host='/tmp/artel-pg-"), std::string::npos) << conninfo;
  EXPECT_NE(conninfo.find("dbname='artel_embedded'"), std::string::npos) << conninfo;
  EXPECT_TRUE(Accepts(conninfo));

  // A second start on the same directory (as after a killed Artel) finds the running server and takes over.
  auto second = EmbeddedPostgres::Start(options);
  EXPECT_TRUE(Accepts(second->ConnInfo()));
  EXPECT_TRUE(Accepts(second->ConnInfo("postgres")));

  second->Restart();
  EXPECT_TRUE(Accepts(second->ConnInfo()));
  second->Stop();
  second->Stop();  // idempotent
  EXPECT_FALSE(Accepts(second->ConnInfo()));
  first.reset();  // its server is already gone: no error
}

TEST(EmbeddedTest, ExplainsAnUnreachableDirectoryWhenRunningAsRoot) {
  if (::geteuid() != 0) GTEST_SKIP() << "only root hands the cluster to the postgres user";
  TempDir dir;
  const fs::path closed = dir.Path() / "closed";
  fs::create_directories(closed);
  fs::permissions(closed, fs::perms::owner_all, fs::perm_options::replace);
  EmbeddedOptions options;
  options.data_dir = closed / "pgdata";
  try {
    EmbeddedPostgres::Start(options);
    FAIL() << "expected std::runtime_error";
  } catch (const std::runtime_error& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("chmod o+x " + closed.string()), std::string::npos) << message;
    EXPECT_NE(message.find("'postgres'"), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace artel::db
