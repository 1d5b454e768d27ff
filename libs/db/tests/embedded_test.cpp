// The embedded cluster's own behaviour: long paths, a server left running, unreachable directories.
#include "artel/db/embedded.hpp"

#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <thread>

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

std::string ReadFirstLine(const fs::path& file, std::string fallback = "") {
  std::ifstream in(file);
  std::string line;
  if (!std::getline(in, line) || line.empty()) return fallback;
  return line;
}

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

  EXPECT_TRUE(first->Owner());

  // A second process on the same directory (another serve, create-admin) attaches without owning it: its
  // Stop() and its end leave the owner's server running.
  {
    auto attached = EmbeddedPostgres::Start(options);
    EXPECT_FALSE(attached->Owner());
    EXPECT_EQ(attached->ConnInfo(), conninfo);
    attached->Stop();
  }
  EXPECT_TRUE(Accepts(conninfo));

  // The owner's watchdog starts a killed postmaster again.
  first->StartWatchdog(std::chrono::milliseconds(200));
  const auto pid = std::stoi(ReadFirstLine(data_dir / "postmaster.pid"));
  ASSERT_EQ(::kill(pid, SIGKILL), 0);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (!(std::stoi(ReadFirstLine(data_dir / "postmaster.pid", "0")) != pid && Accepts(conninfo)) &&
         std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_TRUE(Accepts(conninfo)) << "the watchdog did not bring the server back";
  first.reset();
  EXPECT_FALSE(Accepts(conninfo));

  // A server left running by a killed owner (a child process that starts it and dies without stopping it):
  // the next start owns the cluster and takes the server over.
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    auto leaked = EmbeddedPostgres::Start(options).release();
    ::_exit(leaked != nullptr && leaked->Owner() ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  const auto leaked_pid = std::stoi(ReadFirstLine(data_dir / "postmaster.pid", "0"));
  EXPECT_EQ(::kill(leaked_pid, 0), 0) << "the dead owner's server still runs";
  auto second = EmbeddedPostgres::Start(options);
  EXPECT_TRUE(second->Owner());
  EXPECT_TRUE(Accepts(second->ConnInfo()));
  EXPECT_TRUE(Accepts(second->ConnInfo("postgres")));

  second->Restart();
  EXPECT_TRUE(Accepts(second->ConnInfo()));
  second->Stop();
  second->Stop();  // idempotent
  EXPECT_FALSE(Accepts(second->ConnInfo()));
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
