// Queries against a real throwaway PostgreSQL: type round trips, prepared statements, errors, pipelines.
#include <gtest/gtest.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/json/parse.hpp>

#include "artel/db/testing/database.hpp"

namespace artel::db {
namespace {

namespace asio = boost::asio;
using namespace std::chrono;
using testing::TestDatabase;
using Time = system_clock::time_point;

TEST(QueryTest, EveryTypeRoundTrips) {
  TestDatabase db(false);
  const Time at = sys_days{2026y / 11 / 22} + 4h + 33min + 57s + 123456us;
  const std::string unicode = "Привет, мир — ✓ 😀 \"quoted\" \\ back";
  const std::vector<std::string> texts{"a",    "b c", "q\"uote", "back\\slash",
                                       "NULL", "",    "юникод",  "{braces}"};
  const std::vector<std::int64_t> ints{1, -2, 9223372036854775807LL};
  const auto json = boost::json::parse(R"({"name":"Иван","tags":[1,2,{"x":null}],"ok":true})");
  const std::string bytes("\x00\x01\xff'\\\"", 6);
  db.Run([&]() -> asio::awaitable<void> {
    const auto result = co_await db.GetPool().Query(
        "SELECT $1::text AS s, $2::bool AS b, $3::int2 AS i16, $4::int4 AS i32, $5::int8 AS i64, $6::float8 "
        "AS d, "
        "$7::timestamptz AS at, $8::jsonb AS jb, $9::json AS j, $10::text[] AS texts, $11::int8[] AS ints, "
        "length($12::bytea) AS byte_count, encode($12::bytea, 'hex') AS hex",
        unicode, true, std::int16_t{-32768}, std::int32_t{2147483647},
        std::int64_t{std::numeric_limits<std::int64_t>::min()}, 0.1, at, json, json, texts, ints,
        Bytes{bytes});
    const auto row = result.One();
    EXPECT_EQ(row.Get<std::string>("s"), unicode);
    EXPECT_EQ(row.Get<std::string_view>("s"), unicode);
    EXPECT_TRUE(row.Get<bool>("b"));
    EXPECT_EQ(row.Get<std::int16_t>("i16"), -32768);
    EXPECT_EQ(row.Get<std::int32_t>("i32"), 2147483647);
    EXPECT_EQ(row.Get<std::int64_t>("i64"), std::numeric_limits<std::int64_t>::min());
    EXPECT_EQ(row.Get<double>("d"), 0.1);
    EXPECT_EQ(row.Get<Time>("at"), at);
    EXPECT_EQ(row.Get<boost::json::value>("jb"), json);
    EXPECT_EQ(row.Get<boost::json::value>("j"), json);
    EXPECT_EQ(row.Get<std::vector<std::string>>("texts"), texts);
    EXPECT_EQ(row.Get<std::vector<std::int64_t>>("ints"), ints);
    EXPECT_EQ(row.Get<std::int32_t>("byte_count"), 6);
    EXPECT_EQ(row.Get<std::string>("hex"), "0001ff275c22");
  }());
}

TEST(QueryTest, NullsRoundTripThroughOptionals) {
  TestDatabase db(false);
  db.Run([&]() -> asio::awaitable<void> {
    const std::optional<std::string> no_text;
    const std::optional<std::int64_t> no_int;
    const std::optional<Time> no_time;
    const auto result = co_await db.GetPool().Query(
        "SELECT $1::text AS s, $2::int8 AS i, $3::timestamptz AS at, NULL::bool AS b, NULL::jsonb AS j, "
        "NULL::text[] AS a, $4::int8 AS present",
        no_text, no_int, no_time, std::optional<std::int64_t>(42));
    const auto row = result.One();
    EXPECT_EQ(row.Get<std::optional<std::string>>("s"), std::nullopt);
    EXPECT_EQ(row.Get<std::optional<std::int64_t>>("i"), std::nullopt);
    EXPECT_EQ(row.Get<std::optional<Time>>("at"), std::nullopt);
    EXPECT_EQ(row.Get<std::optional<bool>>("b"), std::nullopt);
    EXPECT_EQ(row.Get<std::optional<boost::json::value>>("j"), std::nullopt);
    EXPECT_EQ(row.Get<std::optional<std::vector<std::string>>>("a"), std::nullopt);
    EXPECT_EQ(row.Get<std::optional<std::int64_t>>("present"), 42);
    EXPECT_THROW(row.Get<std::string>("s"), Error);
    // Arrays with NULL elements: text arrays read through unnest keep the NULL distinct from 'NULL'.
    // (A named vector: GCC 12 cannot keep an initializer_list's array alive across co_await.)
    const std::vector<std::string> pair{"NULL", "x"};
    const auto elements = co_await db.GetPool().Query(
        "SELECT e FROM unnest($1::text[]) WITH ORDINALITY AS u(e, n) ORDER BY n", pair);
    EXPECT_EQ(elements.Size(), 2u);
    if (elements.Size() != 2u) co_return;
    EXPECT_EQ(elements[0].Get<std::optional<std::string>>(0), "NULL");
  }());
}

TEST(QueryTest, ServerTimestampsAreUtc) {
  TestDatabase db(false);
  db.Run([&]() -> asio::awaitable<void> {
    const auto result = co_await db.GetPool().Query(
        "SELECT now() AS now, current_setting('TimeZone') AS zone, now()::text AS text, "
        "'2026-01-01 12:00:00+05:30'::timestamptz AS fixed");
    const auto row = result.One();
    EXPECT_EQ(row.Get<std::string>("zone"), "UTC");
    EXPECT_TRUE(row.Get<std::string>("text").ends_with("+00")) << row.Get<std::string>("text");
    EXPECT_LT(abs(row.Get<Time>("now") - system_clock::now()), minutes(5));
    EXPECT_EQ(row.Get<Time>("fixed"), sys_days{2026y / 1 / 1} + 6h + 30min);
  }());
}

TEST(QueryTest, PreparedStatementsAreReused) {
  TestDatabase db(false);
  static constexpr Statement kAdd{"test.add", "SELECT $1::int8 + $2::int8 AS sum"};
  db.Run([&]() -> asio::awaitable<void> {
    auto tx = co_await db.GetPool().Begin();
    EXPECT_EQ((co_await tx.Query(kAdd, 1, 2)).One().Get<std::int64_t>("sum"), 3);
    EXPECT_EQ((co_await tx.Query(kAdd, 40, 2)).One().Get<std::int64_t>("sum"), 42);
    const auto prepared = co_await tx.Query(
        "SELECT count(*) AS n, min(statement) AS sql FROM pg_prepared_statements WHERE name = $1",
        "test.add");
    EXPECT_EQ(prepared.One().Get<std::int64_t>("n"), 1);
    EXPECT_EQ(prepared.One().Get<std::string>("sql"), kAdd.sql);
    co_await tx.Commit();
    // Through the pool (the same, only, connection) it still works.
    EXPECT_EQ((co_await db.GetPool().Query(kAdd, 5, 5)).One().Get<std::int64_t>(0), 10);
    EXPECT_EQ(db.GetPool().GetStats().size, 1u);
  }());
}

TEST(QueryTest, ConstraintViolationsAreTyped) {
  TestDatabase db(false);
  db.Run([&]() -> asio::awaitable<void> {
    auto& pool = db.GetPool();
    co_await pool.Query(
        "CREATE TABLE parents (id int8 PRIMARY KEY, name text NOT NULL UNIQUE, "
        "age int4 CONSTRAINT parents_age_check CHECK (age >= 0))");
    co_await pool.Query(
        "CREATE TABLE children (id int8 PRIMARY KEY, parent_id int8 NOT NULL "
        "CONSTRAINT children_parent_fk REFERENCES parents (id))");
    co_await pool.Query("INSERT INTO parents (id, name, age) VALUES ($1, $2, $3)", 1, "anna", 30);
    try {
      co_await pool.Query("INSERT INTO parents (id, name, age) VALUES ($1, $2, $3)", 2, "anna", 31);
      ADD_FAILURE() << "expected UniqueViolation";
    } catch (const UniqueViolation& e) {
      EXPECT_EQ(e.SqlState(), "23505");
      EXPECT_EQ(e.Constraint(), "parents_name_key");
    }
    try {
      co_await pool.Query("INSERT INTO children (id, parent_id) VALUES ($1, $2)", 1, 99);
      ADD_FAILURE() << "expected ForeignKeyViolation";
    } catch (const ForeignKeyViolation& e) {
      EXPECT_EQ(e.SqlState(), "23503");
      EXPECT_EQ(e.Constraint(), "children_parent_fk");
    }
    try {
      co_await pool.Query("INSERT INTO parents (id, name, age) VALUES ($1, $2, $3)", 3, "bob", -1);
      ADD_FAILURE() << "expected CheckViolation";
    } catch (const CheckViolation& e) {
      EXPECT_EQ(e.Constraint(), "parents_age_check");
    }
    EXPECT_THROW(co_await pool.Query("INSERT INTO parents (id, name) VALUES ($1, NULL)", 4),
                 NotNullViolation);
    EXPECT_THROW(co_await pool.Query("SELEC 1"), SyntaxError);
    EXPECT_THROW(co_await pool.Query("SELECT 1 / $1::int4", 0), DataError);
    EXPECT_THROW(co_await pool.Query(Statement{"test.bad", "SELECT nope FROM nowhere"}), SyntaxError);
    // After all those errors the connections are still good.
    EXPECT_EQ((co_await pool.Query("SELECT count(*) FROM parents")).One().Get<std::int64_t>(0), 1);
  }());
}

TEST(QueryTest, StatementTimeoutCancels) {
  TestDatabase db(false);
  PoolOptions options;
  options.conninfo = db.ConnInfo();
  options.statement_timeout = milliseconds(100);
  auto pool = Pool::Create(db.Io().get_executor(), options);
  db.Run([&]() -> asio::awaitable<void> {
    EXPECT_THROW(co_await pool->Query("SELECT pg_sleep(2)"), QueryCanceled);
    EXPECT_EQ((co_await pool->Query("SELECT 1")).One().Get<std::int32_t>(0), 1);
  }());
}

TEST(QueryTest, AffectedRowsAndEmptyResults) {
  TestDatabase db(false);
  db.Run([&]() -> asio::awaitable<void> {
    auto& pool = db.GetPool();
    co_await pool.Query("CREATE TABLE items (id int8 PRIMARY KEY)");
    const auto inserted =
        co_await pool.Query("INSERT INTO items (id) SELECT generate_series(1, $1::int8)", 5);
    EXPECT_EQ(inserted.AffectedRows(), 5u);
    const auto deleted = co_await pool.Query("DELETE FROM items WHERE id > $1", 3);
    EXPECT_EQ(deleted.AffectedRows(), 2u);
    const auto none = co_await pool.Query("SELECT id FROM items WHERE id > $1", 100);
    EXPECT_TRUE(none.Empty());
    EXPECT_FALSE(none.First());
    EXPECT_THROW(none.One(), Error);
    // A large result spans many socket reads.
    const auto big = co_await pool.Query("SELECT repeat('x', 1000) AS s FROM generate_series(1, 2000)");
    EXPECT_EQ(big.Size(), 2000u);
    EXPECT_EQ(big[1999].Get<std::string_view>("s").size(), 1000u);
  }());
}

TEST(QueryTest, PipelineReturnsResultsInOrder) {
  TestDatabase db(false);
  static constexpr Statement kDouble{"test.double", "SELECT $1::int8 * 2 AS v"};
  db.Run([&]() -> asio::awaitable<void> {
    auto& pool = db.GetPool();
    std::vector<PipelineQuery> queries;
    queries.push_back({Statement{{}, "SELECT 1::int8 AS v"}, {}});
    queries.push_back({kDouble, MakeParams(21)});
    queries.push_back({Statement{{}, "SELECT $1::text AS v"}, MakeParams("три")});
    queries.push_back({kDouble, MakeParams(50)});
    const auto results = co_await pool.Pipeline(std::move(queries));
    EXPECT_EQ(results.size(), 4u);
    if (results.size() != 4u) co_return;
    EXPECT_EQ(results[0].One().Get<std::int64_t>(0), 1);
    EXPECT_EQ(results[1].One().Get<std::int64_t>(0), 42);
    EXPECT_EQ(results[2].One().Get<std::string>(0), "три");
    EXPECT_EQ(results[3].One().Get<std::int64_t>(0), 100);
    EXPECT_TRUE((co_await pool.Pipeline({})).empty());
  }());
}

TEST(QueryTest, OneStatementNameStandsForOneText) {
  TestDatabase db(false);
  static constexpr Statement kFirst{"test.one_name", "SELECT 1::int8 AS v"};
  static constexpr Statement kSameText{"test.one_name", "SELECT 1::int8 AS v"};
  static constexpr Statement kOtherText{"test.one_name", "SELECT 2::int8 AS v"};
  static_assert(kFirst.sql_hash == kSameText.sql_hash && kFirst.sql_hash != kOtherText.sql_hash);
  const auto expect_conflict = [](std::exception_ptr failure) {
    ASSERT_TRUE(failure) << "the second text ran under the first one's name";
    try {
      std::rethrow_exception(failure);
    } catch (const Error& e) {
      EXPECT_EQ(e.SqlState(), "");
      EXPECT_NE(std::string_view(e.what()).find("\"test.one_name\""), std::string_view::npos) << e.what();
      EXPECT_NE(std::string_view(e.what()).find("SELECT 2::int8"), std::string_view::npos) << e.what();
    }
  };
  db.Run([&]() -> asio::awaitable<void> {
    auto& pool = db.GetPool();
    EXPECT_EQ((co_await pool.Query(kFirst)).One().Get<std::int64_t>(0), 1);
    EXPECT_EQ((co_await pool.Query(kSameText)).One().Get<std::int64_t>(0), 1);
    // The connection that prepared the name.
    std::exception_ptr failure;
    try {
      co_await pool.Query(kOtherText);
    } catch (...) {
      failure = std::current_exception();
    }
    expect_conflict(failure);
    // A connection that never prepared it: the process-wide registry knows the first text.
    PoolOptions options;
    options.conninfo = db.ConnInfo();
    auto other = Pool::Create(db.Io().get_executor(), options);
    failure = nullptr;
    try {
      co_await other->Query(kOtherText);
    } catch (...) {
      failure = std::current_exception();
    }
    expect_conflict(failure);
    // A pipeline refuses before it sends anything, and the connection stays usable.
    std::vector<PipelineQuery> queries;
    queries.push_back({kFirst, {}});
    queries.push_back({kOtherText, {}});
    failure = nullptr;
    try {
      co_await other->Pipeline(std::move(queries));
    } catch (...) {
      failure = std::current_exception();
    }
    expect_conflict(failure);
    EXPECT_EQ((co_await other->Query(kFirst)).One().Get<std::int64_t>(0), 1);
    // A statement built at run time is checked the same way.
    const std::string name = "test.one_name";
    const std::string sql = "SELECT 3::int8 AS v";
    const Statement built{name, sql};
    failure = nullptr;
    try {
      co_await pool.Query(built);
    } catch (...) {
      failure = std::current_exception();
    }
    EXPECT_TRUE(failure);
    other->Close();
  }());
}

// One sync for the whole pipeline: one implicit transaction (one answer to wait for, one commit), so a
// failure leaves none of the pipeline's writes behind, and the connection is usable afterwards.
TEST(QueryTest, PipelineIsOneTransaction) {
  TestDatabase db(false);
  db.Run([&]() -> asio::awaitable<void> {
    auto& pool = db.GetPool();
    co_await pool.Query("CREATE TABLE items (id int8 PRIMARY KEY)");
    std::vector<PipelineQuery> same;
    same.push_back({Statement{{}, "SELECT txid_current() AS id"}, {}});
    same.push_back({Statement{{}, "INSERT INTO items (id) VALUES ($1)"}, MakeParams(7)});
    same.push_back({Statement{{}, "SELECT txid_current() AS id"}, {}});
    const auto ids = co_await pool.Pipeline(std::move(same));
    EXPECT_EQ(ids[0].One().Get<std::int64_t>(0), ids[2].One().Get<std::int64_t>(0));

    static constexpr Statement kInsert{"test.insert_item", "INSERT INTO items (id) VALUES ($1)"};
    std::vector<PipelineQuery> queries;
    queries.push_back({kInsert, MakeParams(1)});
    queries.push_back({kInsert, MakeParams(1)});
    queries.push_back({kInsert, MakeParams(2)});
    EXPECT_THROW(co_await pool.Pipeline(std::move(queries)), UniqueViolation);
    const auto left = co_await pool.Query("SELECT array_agg(id ORDER BY id) FROM items");
    EXPECT_EQ(left.One().Get<std::vector<std::int64_t>>(0), (std::vector<std::int64_t>{7}));
    // The statement prepared before the failure stays prepared (its Parse succeeded), and runs again.
    std::vector<PipelineQuery> again;
    again.push_back({kInsert, MakeParams(3)});
    again.push_back({Statement{{}, "SELECT count(*) AS n FROM items"}, {}});
    const auto after = co_await pool.Pipeline(std::move(again));
    EXPECT_EQ(after[1].One().Get<std::int64_t>(0), 2);
  }());
}

TEST(QueryTest, QueriesDoNotBlockTheIoThread) {
  TestDatabase db(false);
  std::vector<std::string> order;
  Time query_done{};
  Time timer_done{};
  const auto start = system_clock::now();
  asio::co_spawn(
      db.Io(),
      [&]() -> asio::awaitable<void> {
        co_await db.GetPool().Query("SELECT pg_sleep(0.3)");
        query_done = system_clock::now();
        order.push_back("query");
      },
      asio::detached);
  asio::co_spawn(
      db.Io(),
      [&]() -> asio::awaitable<void> {
        asio::steady_timer timer(db.Io(), milliseconds(50));
        co_await timer.async_wait(asio::use_awaitable);
        timer_done = system_clock::now();
        order.push_back("timer");
      },
      asio::detached);
  db.Io().restart();
  db.Io().run();  // one thread runs both coroutines
  EXPECT_EQ(order, (std::vector<std::string>{"timer", "query"}));
  EXPECT_LT(timer_done - start, milliseconds(250));
  EXPECT_GE(query_done - start, milliseconds(300));
}

TEST(QueryTest, RepositoryMigrationsApply) {
  TestDatabase db;  // applies db/migrations
  db.Run([&]() -> asio::awaitable<void> {
    const auto result = co_await db.GetPool().Query("SELECT count(*) FROM public.schema_migrations");
    EXPECT_GE(result.One().Get<std::int64_t>(0), 1);
  }());
}

}  // namespace
}  // namespace artel::db
