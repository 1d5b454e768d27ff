// Migrations against a real throwaway PostgreSQL, from a temporary directory (not the repository's).
#include "artel/db/migrate.hpp"

#include <gtest/gtest.h>
#include <libpq-fe.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/use_future.hpp>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>

#include "artel/core/crypto.hpp"
#include "artel/db/testing/database.hpp"
#include "artel/module_graph.hpp"

namespace artel::db {
namespace {

namespace asio = boost::asio;
namespace fs = std::filesystem;
using testing::TestDatabase;

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream content;
  content << in.rdbuf();
  return std::move(content).str();
}

/// What db::Migrate did before module folders: every `NNNN_name.sql` of one flat directory in name order,
/// each in its own transaction, recorded by file name and SHA-256. Builds the state a database migrated
/// by that code is in (`var/pgdata` of an existing installation).
void LegacyMigrate(const std::string& conninfo, const fs::path& flat_dir) {
  std::unique_ptr<PGconn, decltype(&PQfinish)> conn(PQconnectdb(conninfo.c_str()), &PQfinish);
  ASSERT_EQ(PQstatus(conn.get()), CONNECTION_OK) << PQerrorMessage(conn.get());
  const auto exec = [&](const std::string& sql) {
    std::unique_ptr<PGresult, decltype(&PQclear)> result(PQexec(conn.get(), sql.c_str()), &PQclear);
    const auto status = PQresultStatus(result.get());
    ASSERT_TRUE(status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) << PQerrorMessage(conn.get());
  };
  exec(R"(CREATE TABLE IF NOT EXISTS public.schema_migrations (
      name text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()))");
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(flat_dir)) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  for (const auto& path : files) {
    const std::string sql = ReadFile(path);
    exec("BEGIN");
    exec(sql);
    const std::string name = path.filename().string();
    const std::string checksum = ToHex(Sha256(sql));
    const char* values[] = {name.c_str(), checksum.c_str()};
    std::unique_ptr<PGresult, decltype(&PQclear)> insert(
        PQexecParams(conn.get(), "INSERT INTO public.schema_migrations (name, checksum) VALUES ($1, $2)", 2,
                     nullptr, values, nullptr, nullptr, 0),
        &PQclear);
    ASSERT_EQ(PQresultStatus(insert.get()), PGRES_COMMAND_OK) << PQerrorMessage(conn.get());
    exec("COMMIT");
  }
}

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

  /// `name` is relative to the migrations root, e.g. "m/0001_a.sql".
  void Write(const std::string& name, const std::string& sql) {
    fs::create_directories((dir_ / name).parent_path());
    std::ofstream(dir_ / name) << sql;
  }

  MigrationReport Migrate() { return Migrate(dir_); }
  MigrationReport Migrate(const fs::path& root) { return Migrate(root, graph_); }
  MigrationReport Migrate(const fs::path& root, const ModuleGraph& graph) {
    return db_.Run([this, root, &graph]() -> asio::awaitable<MigrationReport> {
      co_return co_await db::Migrate(db_.GetPool(), root, graph);
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

  /// A migration run throws db::Error with `expected` in its message.
  void ExpectFailure(const fs::path& root, std::string_view expected) {
    try {
      Migrate(root);
      ADD_FAILURE() << "no error; expected one saying " << expected;
    } catch (const Error& e) {
      EXPECT_NE(std::string_view(e.what()).find(expected), std::string_view::npos) << e.what();
    }
  }

  bool TableExists(const std::string& name) {
    return db_.Run([&]() -> asio::awaitable<bool> {
      co_return (co_await db_.GetPool().Query("SELECT to_regclass($1) IS NOT NULL", name)).One().Get<bool>(0);
    }());
  }

  TestDatabase db_{false};
  fs::path dir_;
  /// The modules these tests' folders belong to; a test adds what one needs first.
  ModuleGraph graph_{{"m", {}},    {"a", {}},    {"b", {}}, {"c", {}}, {"alpha", {}},
                     {"beta", {}}, {"zeta", {}}, {"x", {}}, {"y", {}}};
};

TEST_F(MigrateTest, AppliesInOrderOnceAndRecordsChecksums) {
  Write("m/0002_b.sql", "CREATE TABLE b (id int8 PRIMARY KEY REFERENCES a (id));");
  Write("m/0001_a.sql", "CREATE TABLE a (id int8 PRIMARY KEY);\nINSERT INTO a (id) VALUES (1), (2);\n");
  Write("m/README.md", "not a migration");
  auto report = Migrate();
  EXPECT_EQ(report.applied, (std::vector<std::string>{"m/0001_a.sql", "m/0002_b.sql"}));
  EXPECT_EQ(report.already_applied, 0u);
  EXPECT_EQ(Recorded(), (std::vector<std::string>{"m/0001_a.sql", "m/0002_b.sql"}));

  report = Migrate();
  EXPECT_TRUE(report.applied.empty());
  EXPECT_EQ(report.already_applied, 2u);

  Write("m/0003_c.sql", "ALTER TABLE a ADD COLUMN note text;");
  report = Migrate();
  EXPECT_EQ(report.applied, (std::vector<std::string>{"m/0003_c.sql"}));
  EXPECT_EQ(report.already_applied, 2u);
}

TEST_F(MigrateTest, RefusesAnEditedAppliedFileAndAppliesNothing) {
  Write("m/0001_a.sql", "CREATE TABLE a (id int8 PRIMARY KEY);");
  Migrate();
  Write("m/0001_a.sql", "CREATE TABLE a (id int8 PRIMARY KEY, extra text);");
  Write("m/0002_b.sql", "CREATE TABLE b (id int8 PRIMARY KEY);");
  EXPECT_THROW(Migrate(), Error);
  EXPECT_FALSE(TableExists("b"));
  EXPECT_EQ(Recorded(), (std::vector<std::string>{"m/0001_a.sql"}));
}

TEST_F(MigrateTest, RefusesAMissingAppliedFile) {
  Write("m/0001_a.sql", "CREATE TABLE a (id int8 PRIMARY KEY);");
  Write("m/0002_b.sql", "CREATE TABLE b (id int8 PRIMARY KEY);");
  Migrate();
  fs::remove(dir_ / "m/0001_a.sql");
  Write("m/0003_c.sql", "CREATE TABLE c (id int8 PRIMARY KEY);");
  EXPECT_THROW(Migrate(), Error);
  EXPECT_FALSE(TableExists("c"));
}

TEST_F(MigrateTest, RefusesMalformedAndDuplicateNames) {
  Write("m/0001_a.sql", "CREATE TABLE a (id int8 PRIMARY KEY);");
  Write("m/1_bad.sql", "CREATE TABLE bad (id int8);");
  EXPECT_THROW(Migrate(), Error);
  fs::remove(dir_ / "m/1_bad.sql");
  Write("m/0002_Upper.sql", "CREATE TABLE upper (id int8);");
  EXPECT_THROW(Migrate(), Error);
  fs::remove(dir_ / "m/0002_Upper.sql");
  Write("m/0002_x.sql", "CREATE TABLE x (id int8);");
  Write("m/0002_y.sql", "CREATE TABLE y (id int8);");
  EXPECT_THROW(Migrate(), Error);
  EXPECT_FALSE(TableExists("a"));
  fs::remove(dir_ / "m/0002_y.sql");
  EXPECT_EQ(Migrate().applied, (std::vector<std::string>{"m/0001_a.sql", "m/0002_x.sql"}));
}

TEST_F(MigrateTest, AFailingFileIsRolledBackEntirely) {
  Write("m/0001_a.sql", "CREATE TABLE a (id int8 PRIMARY KEY);");
  Write("m/0002_b.sql", "CREATE TABLE b (id int8 PRIMARY KEY);\nINSERT INTO nowhere VALUES (1);");
  EXPECT_THROW(Migrate(), SyntaxError);
  EXPECT_TRUE(TableExists("a"));
  EXPECT_FALSE(TableExists("b"));
  EXPECT_EQ(Recorded(), (std::vector<std::string>{"m/0001_a.sql"}));
  Write("m/0002_b.sql", "CREATE TABLE b (id int8 PRIMARY KEY);");
  EXPECT_EQ(Migrate().applied, (std::vector<std::string>{"m/0002_b.sql"}));
}

TEST_F(MigrateTest, ConcurrentRunsFromTwoPoolsApplyEachFileOnce) {
  // Without IF NOT EXISTS a second application fails; the sleep widens the window for a race.
  Write("m/0001_a.sql", "CREATE TABLE a (id int8 PRIMARY KEY);\nSELECT pg_sleep(0.2);");
  Write("m/0002_b.sql", "CREATE TABLE b (id int8 PRIMARY KEY);\nINSERT INTO a (id) VALUES (1);");
  PoolOptions options;
  options.conninfo = db_.ConnInfo();
  auto first = Pool::Create(db_.Io().get_executor(), options);
  auto second = Pool::Create(db_.Io().get_executor(), options);
  auto one = asio::co_spawn(db_.Io(), db::Migrate(*first, dir_, graph_), asio::use_future);
  auto two = asio::co_spawn(db_.Io(), db::Migrate(*second, dir_, graph_), asio::use_future);
  db_.Io().restart();
  db_.Io().run();
  const auto a = one.get();
  const auto b = two.get();
  EXPECT_EQ(a.applied.size() + b.applied.size(), 2u);
  EXPECT_EQ(a.applied.size() * b.applied.size(), 0u);
  EXPECT_EQ(Recorded(), (std::vector<std::string>{"m/0001_a.sql", "m/0002_b.sql"}));
  const auto rows = db_.Run([this]() -> asio::awaitable<std::int64_t> {
    co_return (co_await db_.GetPool().Query("SELECT count(*) FROM a")).One().Get<std::int64_t>(0);
  }());
  EXPECT_EQ(rows, 1);
}

TEST_F(MigrateTest, ModulesRunInDependencyOrderWithTiesByName) {
  // alpha needs zeta (and omega, a library without migrations, which is skipped); beta and zeta need
  // nothing, so beta (first by name) runs first. Each module numbers its own files from 0001.
  graph_["alpha"] = {"omega", "zeta"};
  Write("alpha/0001_a.sql", "CREATE TABLE a (id int8 PRIMARY KEY REFERENCES z (id));");
  Write("beta/0001_b.sql", "CREATE TABLE b (id int8 PRIMARY KEY);");
  Write("zeta/0002_z_more.sql", "ALTER TABLE z ADD COLUMN note text;");
  Write("zeta/0001_z.sql", "CREATE TABLE z (id int8 PRIMARY KEY);");
  const auto report = Migrate();
  EXPECT_EQ(report.applied, (std::vector<std::string>{"beta/0001_b.sql", "zeta/0001_z.sql",
                                                      "zeta/0002_z_more.sql", "alpha/0001_a.sql"}));
  EXPECT_TRUE(report.renamed.empty());
  EXPECT_TRUE(TableExists("a"));

  // A later module's new file runs after the earlier modules' files already applied.
  Write("alpha/0002_a_more.sql", "ALTER TABLE a ADD COLUMN note text;");
  Write("beta/0002_b_more.sql", "ALTER TABLE b ADD COLUMN note text;");
  EXPECT_EQ(Migrate().applied, (std::vector<std::string>{"beta/0002_b_more.sql", "alpha/0002_a_more.sql"}));
}

TEST_F(MigrateTest, RefusesAFolderOutsideTheGraphADependsFileACycleAndLooseFiles) {
  Write("a/0001_a.sql", "CREATE TABLE a (id int8 PRIMARY KEY);");
  Write("nowhere/0001_n.sql", "CREATE TABLE n (id int8 PRIMARY KEY);");
  ExpectFailure(dir_, "nowhere belongs to no module of the graph");
  fs::remove_all(dir_ / "nowhere");

  // The module graph is declared in CMake; a DEPENDS file left from before is refused, not half-read.
  Write("a/DEPENDS", "b\n");
  ExpectFailure(dir_, "a/DEPENDS: a module's dependencies are declared by its artel_library() call");
  fs::remove(dir_ / "a/DEPENDS");

  Write("b/.keep", "");
  Write("c/.keep", "");
  graph_["a"] = {"b"};
  graph_["b"] = {"c"};
  graph_["c"] = {"b"};
  ExpectFailure(dir_, "cycle: b -> c -> b");
  graph_["c"] = {"c"};  // a module never waits for itself

  Write("0002_loose.sql", "CREATE TABLE loose (id int8);");
  ExpectFailure(dir_, "0002_loose.sql lies outside a module folder");
  fs::remove(dir_ / "0002_loose.sql");
  Write("Bad-Module/0001_x.sql", "CREATE TABLE x (id int8);");
  ExpectFailure(dir_, "Bad-Module");
  fs::remove_all(dir_ / "Bad-Module");
  EXPECT_FALSE(TableExists("a"));
  EXPECT_EQ(Migrate().applied, (std::vector<std::string>{"a/0001_a.sql"}));
}

TEST_F(MigrateTest, RenamesLegacyNamesOnceAndAppliesOnlyNewFiles) {
  const fs::path flat = dir_ / "flat";
  fs::create_directories(flat);
  std::ofstream(flat / "0001_a.sql") << "CREATE TABLE a (id int8 PRIMARY KEY);";
  std::ofstream(flat / "0002_b.sql") << "CREATE TABLE b (id int8 PRIMARY KEY REFERENCES a (id));";
  LegacyMigrate(db_.ConnInfo(), flat);
  ASSERT_EQ(Recorded(), (std::vector<std::string>{"0001_a.sql", "0002_b.sql"}));

  const fs::path root = dir_ / "modules";
  Write("modules/x/0001_a.sql", ReadFile(flat / "0001_a.sql"));
  graph_["y"] = {"x"};
  Write("modules/y/0002_b.sql", ReadFile(flat / "0002_b.sql"));
  Write("modules/y/0003_c.sql", "CREATE TABLE c (id int8 PRIMARY KEY);");
  auto report = Migrate(root);
  EXPECT_EQ(report.renamed, (std::vector<std::string>{"x/0001_a.sql", "y/0002_b.sql"}));
  EXPECT_EQ(report.applied, (std::vector<std::string>{"y/0003_c.sql"}));
  EXPECT_EQ(report.already_applied, 2u);
  EXPECT_EQ(Recorded(), (std::vector<std::string>{"x/0001_a.sql", "y/0002_b.sql", "y/0003_c.sql"}));

  report = Migrate(root);
  EXPECT_TRUE(report.renamed.empty());
  EXPECT_TRUE(report.applied.empty());
  EXPECT_EQ(report.already_applied, 3u);
}

TEST_F(MigrateTest, ALegacyNameWithAnotherChecksumStillRefusesAndRenamesNothing) {
  const fs::path flat = dir_ / "flat";
  fs::create_directories(flat);
  std::ofstream(flat / "0001_a.sql") << "CREATE TABLE a (id int8 PRIMARY KEY);";
  std::ofstream(flat / "0002_b.sql") << "CREATE TABLE b (id int8 PRIMARY KEY);";
  LegacyMigrate(db_.ConnInfo(), flat);

  Write("modules/x/0001_a.sql", ReadFile(flat / "0001_a.sql"));
  Write("modules/x/0002_b.sql", "CREATE TABLE b (id int8 PRIMARY KEY, extra text);");
  Write("modules/x/0003_c.sql", "CREATE TABLE c (id int8 PRIMARY KEY);");
  ExpectFailure(dir_ / "modules", "0002_b.sql was edited after it was applied");
  EXPECT_EQ(Recorded(), (std::vector<std::string>{"0001_a.sql", "0002_b.sql"}));
  EXPECT_FALSE(TableExists("c"));

  // A legacy name that no module holds any more is missing, as before.
  fs::remove(dir_ / "modules/x/0002_b.sql");
  ExpectFailure(dir_ / "modules", "0002_b.sql was applied but is missing");
  EXPECT_EQ(Recorded(), (std::vector<std::string>{"0001_a.sql", "0002_b.sql"}));
}

/// The schema as the catalogue describes it: columns, constraints, indexes, functions, triggers. Not the
/// columns' positions: a column another module's later migration adds lands where the order of application
/// put it (notifications' `intent` before or after identity's `blocked_at`), and the code names every column.
std::string SchemaOf(TestDatabase& db) {
  return db.Run([&db]() -> asio::awaitable<std::string> {
    const auto rows = co_await db.GetPool().Query(R"(
      SELECT format('%s.%s %s %s', table_schema, table_name, column_name, data_type)
        FROM information_schema.columns WHERE table_schema NOT IN ('pg_catalog', 'information_schema')
      UNION ALL SELECT format('%s %s', conname, pg_get_constraintdef(oid)) FROM pg_constraint
        WHERE connamespace::regnamespace::text NOT IN ('pg_catalog', 'information_schema')
      UNION ALL SELECT indexdef FROM pg_indexes WHERE schemaname NOT IN ('pg_catalog', 'information_schema')
      UNION ALL SELECT pg_get_triggerdef(oid) FROM pg_trigger WHERE NOT tgisinternal
      UNION ALL SELECT format('%s %s', p.oid::regprocedure, p.prokind) FROM pg_proc p
        WHERE p.pronamespace::regnamespace::text NOT IN ('pg_catalog', 'information_schema', 'public')
      ORDER BY 1)");
    std::string schema;
    for (const auto row : rows) schema += row.Get<std::string>(0) + "\n";
    co_return schema;
  }());
}

TEST_F(MigrateTest, TheRepositoryMigrationsUpgradeADatabaseMigratedFromTheFlatLayout) {
  // The twelve files the flat layout had, laid out as they were and applied as that code applied them; every
  // later file only ever existed in a module folder.
  const std::set<std::string> flat_files{"0001_extensions.sql",    "0002_identity.sql",
                                         "0003_mail.sql",          "0004_marketing.sql",
                                         "0005_catalog.sql",       "0006_orders.sql",
                                         "0007_bids.sql",          "0008_reviews.sql",
                                         "0009_notifications.sql", "0010_orders_bench_indexes.sql",
                                         "0011_upload_sweep.sql",  "0012_search_lexemes.sql"};
  const fs::path flat = dir_ / "flat";
  fs::create_directories(flat);
  std::size_t count = 0;
  std::size_t later = 0;
  for (const auto& entry : fs::recursive_directory_iterator(testing::MigrationsDir())) {
    if (entry.path().extension() != ".sql") continue;
    if (!flat_files.contains(entry.path().filename().string())) {
      ++later;
      continue;
    }
    ASSERT_FALSE(fs::exists(flat / entry.path().filename())) << "global numbers were unique then";
    fs::copy_file(entry.path(), flat / entry.path().filename());
    ++count;
  }
  ASSERT_EQ(count, 12u);
  LegacyMigrate(db_.ConnInfo(), flat);

  const auto report = Migrate(testing::MigrationsDir(), LibraryGraph());
  EXPECT_EQ(report.applied.size(), later) << "only the files the flat layout never had are applied";
  EXPECT_EQ(report.renamed.size(), count);
  EXPECT_EQ(report.already_applied, count);
  const auto names = Recorded();
  EXPECT_EQ(names.size(), count + later);
  for (const auto& name : {"orders/0006_orders.sql", "orders/0012_search_lexemes.sql",
                           "platform/0001_extensions.sql", "notifications/0009_notifications.sql"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
  }
  EXPECT_TRUE(Migrate(testing::MigrationsDir(), LibraryGraph()).applied.empty());

  // A fresh database migrated in the module order has the same schema as the upgraded one.
  TestDatabase fresh;
  EXPECT_EQ(SchemaOf(fresh), SchemaOf(db_));
}

}  // namespace
}  // namespace artel::db
