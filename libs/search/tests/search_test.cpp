#include "artel/search/search.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace artel::search {
namespace {

TEST(SearchTest, CountsWordsOfEveryScript) {
  EXPECT_EQ(CountWords(""), 0U);
  EXPECT_EQ(CountWords("  ,. "), 0U);
  EXPECT_EQ(CountWords("telegram"), 1U);
  EXPECT_EQ(CountWords("telegram бот"), 2U);
  EXPECT_EQ(CountWords("c++ -  python3,django"), 3U);
  EXPECT_FALSE(PrefersWindow("логотип"));
  EXPECT_TRUE(PrefersWindow("логотип для кафе"));
}

TEST(SearchTest, BindsTheWordsOrTheirCorrection) {
  db::SqlBuilder sql;
  sql.Bind(1);
  EXPECT_EQ(MatchCondition(sql, "o.search", "сервр", std::nullopt),
            "o.search @@ websearch_to_tsquery('russian', $2)");
  EXPECT_EQ(MatchCondition(sql, "v.search", "сервр", std::string("'сервер'")), "v.search @@ $3::tsquery");
  EXPECT_EQ(sql.Parameters()[1].value, "сервр");
  EXPECT_EQ(sql.Parameters()[2].value, "'сервер'");
}

TEST(SearchTest, TheCorrectionReadsTheIndexsLexicon) {
  Lexicon lexicon(Index{.schema = "vacancies", .lexicon = "words"});
  EXPECT_EQ(lexicon.Correction().name, "vacancies.correct_text");
  const std::string_view sql = lexicon.Correction().sql;
  EXPECT_NE(sql.find("FROM vacancies.words\n"), std::string_view::npos);
  EXPECT_NE(sql.find("SELECT 1 FROM vacancies.words known"), std::string_view::npos);
  EXPECT_NE(sql.find("vacancies.tsquery_all(alternatives)"), std::string_view::npos);
  EXPECT_NE(sql.find("vacancies.tsquery_any("), std::string_view::npos);
  EXPECT_EQ(sql.find('{'), std::string_view::npos);
}

}  // namespace
}  // namespace artel::search

namespace artel::search {
namespace {

TEST(SearchTest, CorrectionWordsTakeTheFirstAlternativeOfEachWord) {
  EXPECT_EQ(CorrectionWords("( 'логотип' | 'логотипн' ) & 'сервер'"), "логотип сервер");
  EXPECT_EQ(CorrectionWords("'design'"), "design");
  EXPECT_EQ(CorrectionWords("'a' | 'b' | 'c'"), "a");
  EXPECT_EQ(CorrectionWords("( 'o''neil' | 'x' ) & ( 'y' | 'z' )"), "o'neil y");
  EXPECT_EQ(CorrectionWords(""), "");
}

struct FakePage {
  std::vector<int> items;
  std::optional<std::string> next_cursor;
  std::optional<std::string> corrected;
};

TEST(SearchTest, ACorrectionIsShownOnlyWithWhatItFound) {
  const auto found = WithCorrection(FakePage{{7}, "next", std::nullopt}, "( 'логотип' | 'логотипн' )");
  EXPECT_EQ(found.items, std::vector<int>{7});
  EXPECT_EQ(found.next_cursor, "next");
  EXPECT_EQ(found.corrected, "логотип");
  const auto nothing = WithCorrection(FakePage{{}, "next", std::nullopt}, "'логотип'");
  EXPECT_TRUE(nothing.items.empty());
  EXPECT_FALSE(nothing.next_cursor);
  EXPECT_FALSE(nothing.corrected);
}

}  // namespace
}  // namespace artel::search
