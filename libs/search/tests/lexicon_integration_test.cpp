// The typo fallback's lexicon against a real PostgreSQL (a fresh migrated database per test), on a table of
// its own made by platform.create_search_lexicon (db/migrations/platform/0041): only public rows' words
// enter, never contact data; a word goes when its last public row stops being public; two transactions hiding
// the last two rows with one word cannot both keep it; an old lexicon (0022's triggers) is rebuilt from the
// public rows; and every domain's lexicon is made with its public list's condition.

#include <gtest/gtest.h>
#include <libpq-fe.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "artel/db/testing/database.hpp"
#include "artel/search/search.hpp"

namespace artel::search {
namespace {

using db::testing::TestDatabase;
using namespace std::chrono_literals;

using Connection = std::unique_ptr<PGconn, decltype(&PQfinish)>;

/// The list's own condition, as a domain passes it: the partial GIN index below has the same predicate.
constexpr std::string_view kPublic = "status = 'published' AND visibility = 'public'";

constexpr std::string_view kTable = R"sql(
CREATE SCHEMA lexicon_test;
CREATE TABLE lexicon_test.items (
  id bigint PRIMARY KEY,
  status text NOT NULL,
  visibility text NOT NULL DEFAULT 'public',
  search tsvector NOT NULL
);
CREATE INDEX items_public_search_idx ON lexicon_test.items USING gin (search)
  WHERE status = 'published' AND visibility = 'public';
)sql";

class LexiconTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(PQstatus(conn_.get()), CONNECTION_OK) << PQerrorMessage(conn_.get());
    Exec(std::string(kTable));
  }

  /// A connection of its own (libpq, blocking), quiet about the procedure's "does not exist, skipping".
  Connection Connect() {
    Connection conn(PQconnectdb(db_.ConnInfo().c_str()), &PQfinish);
    if (PQstatus(conn.get()) == CONNECTION_OK) Exec(conn.get(), "SET client_min_messages = warning");
    return conn;
  }

  /// Runs `sql` (one or more statements, simple protocol) on `conn` and expects it to succeed.
  static void Exec(PGconn* conn, const std::string& sql) {
    std::unique_ptr<PGresult, decltype(&PQclear)> result(PQexec(conn, sql.c_str()), &PQclear);
    const auto status = PQresultStatus(result.get());
    ASSERT_TRUE(status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK)
        << sql << ": " << PQerrorMessage(conn);
  }
  void Exec(const std::string& sql) { Exec(conn_.get(), sql); }

  void CreateLexicon() {
    Exec("CALL platform.create_search_lexicon('lexicon_test', 'items', 'id', $$" + std::string(kPublic) +
         "$$)");
  }

  void Insert(int id, std::string_view status, std::string_view visibility, std::string_view text) {
    Exec("INSERT INTO lexicon_test.items (id, status, visibility, search) VALUES (" + std::to_string(id) +
         ", '" + std::string(status) + "', '" + std::string(visibility) + "', to_tsvector('russian', '" +
         std::string(text) + "'))");
  }

  std::vector<std::string> Words() {
    return db_.Run([this]() -> boost::asio::awaitable<std::vector<std::string>> {
      std::vector<std::string> words;
      auto rows =
          co_await db_.GetPool().Query("SELECT lexeme FROM lexicon_test.search_lexemes ORDER BY lexeme");
      for (auto row : rows) words.push_back(row.Get<std::string>(0));
      co_return words;
    }());
  }

  /// What the typo fallback makes of `text`: the words it would show, or "" when it has nothing close.
  std::string Suggestion(const std::string& text) {
    const auto corrected = db_.Run(lexicon_.Correct(db_.GetPool(), text));
    return corrected ? CorrectionWords(*corrected) : std::string();
  }

  TestDatabase db_;
  Connection conn_ = Connect();
  Lexicon lexicon_{Index{.schema = "lexicon_test", .lexicon = "search_lexemes"}};
};

TEST_F(LexiconTest, ContactDataIsNoLexiconWord) {
  db_.Run([this]() -> boost::asio::awaitable<void> {
    auto& pool = db_.GetPool();
    // PostgreSQL keeps an address, a host, a URL and each group of a phone number as one lexeme each.
    auto words = co_await pool.Query(
        "SELECT array_agg(w ORDER BY w) FILTER (WHERE platform.lexicon_word(w)), array_agg(w ORDER BY w) "
        "FROM unnest(tsvector_to_array(to_tsvector('russian', "
        "'mail ivan.petrov@example.com +7 999 123-45-67 https://t.me/x node.js C:\\dir\\file.txt "
        "ivan89161234567 html5 k8s пример'))) w");
    // Words with a few digits stay words (html5, k8s); a phone glued to letters does not.
    EXPECT_EQ(words.One().Get<std::vector<std::string>>(0),
              (std::vector<std::string>{"c", "dir", "html5", "k8s", "mail", "пример"}));
    const auto all = words.One().Get<std::vector<std::string>>(1);
    for (const std::string lexeme :
         {"ivan.petrov@example.com", "t.me/x", "t.me", "/x", "+7", "999", "-45", "node.js"})
      EXPECT_NE(std::find(all.begin(), all.end(), lexeme), all.end())
          << lexeme << " is not a lexeme any more";
    auto limits = co_await pool.Query(
        "SELECT platform.lexicon_word(repeat('я', 40)), platform.lexicon_word(repeat('я', 41))");
    EXPECT_TRUE(limits.One().Get<bool>(0));
    EXPECT_FALSE(limits.One().Get<bool>(1));
  }());
}

TEST_F(LexiconTest, LexemeQueryMatchesExactlyItsLexeme) {
  db_.Run([this]() -> boost::asio::awaitable<void> {
    for (const std::string lexeme : {"o'neil", "a\\b", "two words", "x:*", "it's:A", "логотип"}) {
      auto rows = co_await db_.GetPool().Query(
          "SELECT array_to_tsvector(ARRAY[$1]) @@ platform.lexeme_query($1), "
          "array_to_tsvector(ARRAY[$1 || 'z']) @@ platform.lexeme_query($1)",
          lexeme);
      EXPECT_TRUE(rows.One().Get<bool>(0)) << lexeme;
      EXPECT_FALSE(rows.One().Get<bool>(1)) << lexeme;
    }
  }());
}

TEST_F(LexiconTest, LearnsOnlyPublicWordsAndForgetsThemWhenHidden) {
  CreateLexicon();
  Insert(1, "published", "public",
         "public zqxvelmora ivan.petrov@example.com +7 999 123-45-67 https://t.me/x");
  Insert(2, "published", "responded", "responded zqxtorvik");
  Insert(3, "draft", "public", "draft zqxkarbon");
  Insert(4, "hidden", "public", "hidden zqxkarbon");
  EXPECT_EQ(Words(), (std::vector<std::string>{"public", "zqxvelmora"}));
  EXPECT_EQ(Suggestion("zqxvelmorb"), "zqxvelmora");
  EXPECT_EQ(Suggestion("zqxtorvak"), "");
  EXPECT_EQ(Suggestion("zqxkarbom"), "");
  EXPECT_EQ(Suggestion("ivan.petrov@example.con"), "");

  // Public now: its words enter; public no more: they go.
  Exec("UPDATE lexicon_test.items SET visibility = 'public' WHERE id = 2");
  EXPECT_EQ(Suggestion("zqxtorvak"), "zqxtorvik");
  Exec("UPDATE lexicon_test.items SET status = 'hidden' WHERE id = 2");
  EXPECT_EQ(Suggestion("zqxtorvak"), "");
  EXPECT_EQ(Words(), (std::vector<std::string>{"public", "zqxvelmora"}));

  // A word stays while one public row has it.
  Exec("UPDATE lexicon_test.items SET status = 'published' WHERE id IN (3, 4)");
  EXPECT_EQ(Suggestion("zqxkarbom"), "zqxkarbon");
  Exec("UPDATE lexicon_test.items SET status = 'draft' WHERE id = 3");
  EXPECT_EQ(Suggestion("zqxkarbom"), "zqxkarbon");
  Exec("DELETE FROM lexicon_test.items WHERE id = 4");
  EXPECT_EQ(Suggestion("zqxkarbom"), "");

  // An edit: the words the text lost go, the new ones enter; an update that changes neither keeps them.
  Exec("UPDATE lexicon_test.items SET search = to_tsvector('russian', 'public zqxnewword') WHERE id = 1");
  EXPECT_EQ(Words(), (std::vector<std::string>{"public", "zqxnewword"}));
  Exec("UPDATE lexicon_test.items SET visibility = visibility");
  EXPECT_EQ(Words(), (std::vector<std::string>{"public", "zqxnewword"}));
  Exec("DELETE FROM lexicon_test.items");
  EXPECT_EQ(Words(), (std::vector<std::string>{}));
}

TEST_F(LexiconTest, RebuildsAnOldLexiconFromThePublicRows) {
  // A lexicon made by 0022's procedure learned every row; the new one replaces its triggers and its content.
  Insert(1, "published", "public", "public zqxvelmora ivan.petrov@example.com");
  Insert(2, "draft", "public", "draft zqxkarbon");
  Exec("CALL platform.create_search_lexicon('lexicon_test', 'items', 'id')");
  EXPECT_EQ(Suggestion("zqxkarbom"), "zqxkarbon");
  CreateLexicon();
  EXPECT_EQ(Words(), (std::vector<std::string>{"public", "zqxvelmora"}));
  Exec("UPDATE lexicon_test.items SET search = to_tsvector('russian', 'draft zqxtorvik') WHERE id = 2");
  EXPECT_EQ(Suggestion("zqxtorvak"), "");
  // Again (idempotent), and the triggers are the new three only.
  CreateLexicon();
  EXPECT_EQ(Words(), (std::vector<std::string>{"public", "zqxvelmora"}));
  db_.Run([this]() -> boost::asio::awaitable<void> {
    auto& pool = db_.GetPool();
    auto triggers = co_await pool.Query(
        "SELECT array_agg(tgname::text || ' ' || tgfoid::regproc::text ORDER BY tgname) FROM pg_trigger "
        "WHERE tgrelid = 'lexicon_test.items'::regclass");
    EXPECT_EQ(triggers.One().Get<std::vector<std::string>>(0),
              (std::vector<std::string>{"items_search_lexemes_delete lexicon_test.search_lexemes_deleted",
                                        "items_search_lexemes_insert lexicon_test.search_lexemes_inserted",
                                        "items_search_lexemes_update lexicon_test.search_lexemes_updated"}));
    auto old = co_await pool.Query(
        "SELECT to_regprocedure('lexicon_test.add_search_lexemes()') IS NULL, "
        "to_regprocedure('lexicon_test.add_changed_search_lexemes()') IS NULL");
    EXPECT_TRUE(old.One().Get<bool>(0));
    EXPECT_TRUE(old.One().Get<bool>(1));
  }());
}

TEST_F(LexiconTest, TwoTransactionsHidingTheLastTwoRowsOfAWordForgetIt) {
  CreateLexicon();
  Insert(1, "published", "public", "zqxvelmora");
  Insert(2, "published", "public", "zqxvelmora");
  auto first = Connect();
  auto second = Connect();
  ASSERT_EQ(PQstatus(first.get()), CONNECTION_OK);
  ASSERT_EQ(PQstatus(second.get()), CONNECTION_OK);

  // The first hides row 1 and holds the word's lock; the second, hiding row 2, waits for it and then sees the
  // first's commit. Without the lock each would see the other's row still public and keep the word.
  Exec(first.get(), "BEGIN; UPDATE lexicon_test.items SET status = 'hidden' WHERE id = 1");
  ASSERT_EQ(PQsendQuery(second.get(), "UPDATE lexicon_test.items SET status = 'hidden' WHERE id = 2"), 1);
  const std::string waiting =
      "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid = " +
      std::to_string(PQbackendPID(second.get()));
  bool waited = false;
  for (int i = 0; i < 200 && !waited; ++i) {
    std::unique_ptr<PGresult, decltype(&PQclear)> result(PQexec(conn_.get(), waiting.c_str()), &PQclear);
    waited =
        PQresultStatus(result.get()) == PGRES_TUPLES_OK && std::string(PQgetvalue(result.get(), 0, 0)) == "1";
    if (!waited) std::this_thread::sleep_for(50ms);
  }
  EXPECT_TRUE(waited) << "the second transaction did not wait for the first's lock on the word";
  Exec(first.get(), "COMMIT");
  while (PGresult* raw = PQgetResult(second.get())) {
    std::unique_ptr<PGresult, decltype(&PQclear)> result(raw, &PQclear);
    EXPECT_EQ(PQresultStatus(result.get()), PGRES_COMMAND_OK) << PQerrorMessage(second.get());
  }
  EXPECT_EQ(Words(), (std::vector<std::string>{}));
}

TEST_F(LexiconTest, EveryDomainLearnsWithItsPublicListsCondition) {
  struct Domain {
    std::string schema, table, condition;
  };
  const std::vector<Domain> domains = {
      {"orders", "orders", "status = 'search' AND visibility = 'public'"},
      {"profiles", "freelancers", "main_specialization_id IS NOT NULL"},
      {"vacancies", "vacancies", "status = 'published'"},
      {"resumes", "resumes", "status = 'published' AND visibility = 'public'"},
  };
  db_.Run([&]() -> boost::asio::awaitable<void> {
    auto& pool = db_.GetPool();
    for (const auto& domain : domains) {
      const std::string table = domain.schema + "." + domain.table;
      auto triggers = co_await pool.Query(
          "SELECT array_agg(tgfoid::regproc::text ORDER BY tgname) FROM pg_trigger "
          "WHERE tgrelid = $1::regclass AND tgname::text LIKE '%search_lexemes%'",
          table);
      EXPECT_EQ(triggers.One().Get<std::vector<std::string>>(0),
                (std::vector<std::string>{domain.schema + ".search_lexemes_deleted",
                                          domain.schema + ".search_lexemes_inserted",
                                          domain.schema + ".search_lexemes_updated"}))
          << table;
      for (const std::string function :
           {"search_lexemes_inserted", "search_lexemes_updated", "search_lexemes_deleted"}) {
        auto body = co_await pool.Query("SELECT prosrc FROM pg_proc WHERE oid = $1::regproc",
                                        domain.schema + "." + function);
        EXPECT_NE(body.One().Get<std::string>(0).find("(" + domain.condition + ")"), std::string::npos)
            << domain.schema << "." << function;
      }
    }
  }());
}

}  // namespace
}  // namespace artel::search
