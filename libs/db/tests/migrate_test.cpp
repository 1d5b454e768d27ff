// Migrations against a real throwaway PostgreSQL, from a temporary directory (not the repository's).
#include "artel/db/migrate.hpp"

#include <gtest/gtest.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/use_future.hpp>
#include <fstream>

#include "artel/db/testing/database.hpp"

namespace artel::db {
namespace {

namespace asio = boost::asio;
namespace fs = std::filesystem;
using testing::TestDatabase;

class MigrateTest : public ::testing::Test {
 protected:
  MigrateTest() {
    std::string pattern = (fs::temp_directory_path() / "artel-migrations-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp");
    dir_ = pattern;
  }
  ~MigrateTest() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

  void Write(const std::string& name, const std::string& sql) { std::ofstream(dir_ / name) << sql; }

  MigrationReport Migrate() {
    return db_.Run([this]() -> asio::awaitable<MigrationReport> {
      co_return co_await db::Migrate(db_.GetPool(), dir_);
    }());
  }

  std::vector<std::string> Recorded() {
    return db_.Run([this]() -> asio::awaitable<std::vector<std::string>> {
      std::vector<std::string> names;
      const auto rows =
          co_await db_.GetPool().Query("SELECT name, checksum FROM public.schema_migrations ORDER BY name");
      for (const auto row : rows) {
        EXPECT_EQ(row.Get<std::string>("checksum").size(), 64u);
        names.push_back(row.Get<std::string>("name"));
      }
      co_return names;
    }());
  }

  bool TableExists(const std::string& name) {
    return db_.Run([&]() -> asio::awaitable<bool> {
      co_return (co_await db_.GetPool().Query("SELECT to_regclass($1) IS NOT NULL", name)).One().Get<bool>(0);
    }());
  }

  TestDatabase db_{false};
  fs::path dir_;
};

TEST_F(MigrateTest, AppliesInOrderOnceAndRecordsChecksums) {
  Write("0002_b.sql", "CREATE TABLE b (id int8 PRIMARY KEY REFERENCES a (id));");
  Write("0001_a.sql", "CREATE TABLE a (id int8 PRIMARY KEY);\nINSERT INTO a (id) VALUES (1), (2);\n");
  Write("README.md", "not a migration");
  auto report = Migrate();
  EXPECT_EQ(report.applied, (std::vector<std::string>{"0001_a.sql", "0002_b.sql"}));
  EXPECT_EQ(report.already_applied, 0u);
  EXPECT_EQ(Recorded(), (std::vector<std::string>{"0001_a.sql", "0002_b.sql"}));

  report = Migrate();
  EXPECT_TRUE(report.applied.empty());
  EXPECT_EQ(report.already_applied, 2u);

  Write("0003_c.sql", "ALTER TABLE a ADD COLUMN note text;");
  report = Migrate();
  EXPECT_EQ(report.applied, (std::vector<std::string>{"0003_c.sql"}));
  EXPECT_EQ(report.already_applied, 2u);
}

TEST_F(MigrateTest, RefusesAnEditedAppliedFileAndAppliesNothing) {
  Write("0001_a.sql", "CREATE TABLE a (id int8 PRIMARY KEY);");
  Migrate();
  Write("0001_a.sql", "CREATE TABLE a (id int8 PRIMARY KEY, extra text);");
  Write("0002_b.sql", "CREATE TABLE b (id int8 PRIMARY KEY);");
  EXPECT_THROW(Migrate(), Error);
  EXPECT_FALSE(TableExists("b"));
  EXPECT_EQ(Recorded(), (std::vector<std::string>{"0001_a.sql"}));
}

TEST_F(MigrateTest, RefusesAMissingAppliedFile) {
  Write("0001_a.sql", "CREATE TABLE a (id int8 PRIMARY KEY);");
  Write("0002_b.sql", "CREATE TABLE b (id int8 PRIMARY KEY);");
  Migrate();
  fs::remove(dir_ / "0001_a.sql");
  Write("0003_c.sql", "CREATE TABLE c (id int8 PRIMARY KEY);");
  EXPECT_THROW(Migrate(), Error);
  EXPECT_FALSE(TableExists("c"));
}

TEST_F(MigrateTest, RefusesMalformedAndDuplicateNames) {
  Write("0001_a.sql", "CREATE TABLE a (id int8 PRIMARY KEY);");
  Write("1_bad.sql", "CREATE TABLE bad (id int8);");
  EXPECT_THROW(Migrate(), Error);
  fs::remove(dir_ / "1_bad.sql");
  Write("0002_Upper.sql", "CREATE TABLE upper (id int8);");
  EXPECT_THROW(Migrate(), Error);
  fs::remove(dir_ / "0002_Upper.sql");
  Write("0002_x.sql", "CREATE TABLE x (id int8);");
  Write("0002_y.sql", "CREATE TABLE y (id int8);");
  EXPECT_THROW(Migrate(), Error);
  EXPECT_FALSE(TableExists("a"));
  fs::remove(dir_ / "0002_y.sql");
  EXPECT_EQ(Migrate().applied, (std::vector<std::string>{"0001_a.sql", "0002_x.sql"}));
}

TEST_F(MigrateTest, AFailingFileIsRolledBackEntirely) {
  Write("0001_a.sql", "CREATE TABLE a (id int8 PRIMARY KEY);");
  Write("0002_b.sql", "CREATE TABLE b (id int8 PRIMARY KEY);\nINSERT INTO nowhere VALUES (1);");
  EXPECT_THROW(Migrate(), SyntaxError);
  EXPECT_TRUE(TableExists("a"));
  EXPECT_FALSE(TableExists("b"));
  EXPECT_EQ(Recorded(), (std::vector<std::string>{"0001_a.sql"}));
  Write("0002_b.sql", "CREATE TABLE b (id int8 PRIMARY KEY);");
  EXPECT_EQ(Migrate().applied, (std::vector<std::string>{"0002_b.sql"}));
}

TEST_F(MigrateTest, ConcurrentRunsFromTwoPoolsApplyEachFileOnce) {
  // Without IF NOT EXISTS a second application fails; the sleep widens the window for a race.
  Write("0001_a.sql", "CREATE TABLE a (id int8 PRIMARY KEY);\nSELECT pg_sleep(0.2);");
  Write("0002_b.sql", "CREATE TABLE b (id int8 PRIMARY KEY);\nINSERT INTO a (id) VALUES (1);");
  PoolOptions options;
  options.conninfo = db_.ConnInfo();
  auto first = Pool::Create(db_.Io().get_executor(), options);
  auto second = Pool::Create(db_.Io().get_executor(), options);
  auto one = asio::co_spawn(db_.Io(), db::Migrate(*first, dir_), asio::use_future);
  auto two = asio::co_spawn(db_.Io(), db::Migrate(*second, dir_), asio::use_future);
  db_.Io().restart();
  db_.Io().run();
  const auto a = one.get();
  const auto b = two.get();
  EXPECT_EQ(a.applied.size() + b.applied.size(), 2u);
  EXPECT_EQ(a.applied.size() * b.applied.size(), 0u);
  EXPECT_EQ(Recorded(), (std::vector<std::string>{"0001_a.sql", "0002_b.sql"}));
  const auto rows = db_.Run([this]() -> asio::awaitable<std::int64_t> {
    co_return (co_await db_.GetPool().Query("SELECT count(*) FROM a")).One().Get<std::int64_t>(0);
  }());
  EXPECT_EQ(rows, 1);
}

}  // namespace
}  // namespace artel::db
