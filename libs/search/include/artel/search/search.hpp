#pragma once

// Full-text search of a list: the words match a tsvector column as the `russian` configuration stems them
// (it stems Russian and English alike); words that match nothing may be misspelt, and are then replaced by
// their closest known spellings from a lexicon table (pg_trgm), the typo fallback. A domain describes its
// index once (Index) and adds the match to its own list SQL (db::SqlBuilder).
//
// A lexicon is a table with one `lexeme text` column, trigram-indexed, kept by statement-level triggers from
// the tsvector column's words; the schema of the index also defines the aggregates tsquery_any(tsquery) (OR)
// and tsquery_all(tsquery) (AND). platform.create_search_lexicon(schema, table, key, public) makes all of it
// (db/migrations/platform/0041_public_search_lexicon.sql; each domain calls it with its public list's
// condition).
//
// Suggestions never reveal what a reader cannot find (issue 22): the lexicon holds only the words of rows
// every reader may find in the list (the domain's public condition), forgets a word when the last public row
// with it stops being public, and never holds contact data (a lexeme with a digit, '@', '.', '/', ':' or '\',
// or longer than 40 characters: e-mail addresses, phone numbers, hosts, URLs). And a list shows a correction
// only with an item it found (WithCorrection), so a stale lexicon word is never shown alone either.

#include <boost/asio/awaitable.hpp>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "artel/db/pool.hpp"
#include "artel/db/sql_builder.hpp"

namespace artel::search {

/// Where a domain's search lives.
struct Index {
  /// The schema of the lexicon and the aggregates, and the prefix of the statement names ("orders").
  std::string_view schema;
  /// The lexicon table in `schema` ("search_lexemes").
  std::string_view lexicon;
};

/// The text match of a search: the words as typed (nullopt), or the typo fallback's tsquery (Correction).
using Corrected = std::optional<std::string>;

/// How many of the newest rows (in list order, under the other filters) a search of several words looks
/// through first: see PrefersWindow.
inline constexpr std::int64_t kWindow = 2000;

/// Words of a search text: runs of letters or digits (what websearch_to_tsquery could make terms of).
std::size_t CountWords(std::string_view text);

/// Whether to look for a page among the first kWindow rows before the full query. PostgreSQL estimates
/// several words as independent, so it takes words common together ("telegram бот") for rare and reads and
/// sorts every match; those are found among the newest rows at a bounded cost. One word's frequency it
/// knows, and plans well.
bool PrefersWindow(std::string_view text);

/// The condition "`column` matches the text" for `sql`'s WHERE, the words or their correction bound as
/// values (so each query is planned for its own words: an unknown tsquery could get a plan that walks every
/// row).
std::string MatchCondition(db::SqlBuilder& sql, std::string_view column, const std::string& text,
                           const Corrected& corrected);

/// The tsquery of MatchCondition alone (the words or their correction bound as values), for a relevance
/// rank: `ts_rank(column, <this>)`.
std::string TsQuery(db::SqlBuilder& sql, const std::string& text, const Corrected& corrected);

/// The words a correction (Lexicon::Correct's tsquery text, `( 'логотип' | 'логотипн' ) & 'сервер'`) searches
/// for, to show the user: the first (closest) alternative of each word, space-separated ("логотип сервер").
std::string CorrectionWords(std::string_view tsquery);

/// The typo fallback's page as a list answers it: `page` with the words of `tsquery` (CorrectionWords) when
/// it has an item, otherwise an empty page, without the words: a correction is shown only with something it
/// found that the reader sees. `Page` has `items`, `next_cursor` and `corrected`.
template <class Page>
Page WithCorrection(Page page, std::string_view tsquery) {
  if (page.items.empty()) return Page{};
  page.corrected = CorrectionWords(tsquery);
  return page;
}

/// The typo fallback of an index.
class Lexicon final {
 public:
  explicit Lexicon(Index index);
  Lexicon(const Lexicon&) = delete;
  Lexicon& operator=(const Lexicon&) = delete;

  /// The statement of Correct(): one row, one column, the tsquery as text or NULL; $1 the search text.
  /// Named "<schema>.correct_text".
  const db::Statement& Correction() const noexcept { return statement_; }

  /// The search text as a tsquery of the words' closest known spellings: each word (as the `russian`
  /// configuration stems it) becomes itself when it is a known lexeme, otherwise any of its three closest
  /// known lexemes with a trigram similarity of at least 0.4 («логтип» → «логотип» 0.5, «сервр» → «сервер»
  /// 0.44); the words are AND-ed. nullopt when a word has nothing close, or the text has no word: a fallback
  /// that dropped words would answer «kubernetes helm» with unrelated rows.
  boost::asio::awaitable<Corrected> Correct(db::Pool& pool, const std::string& text) const;

 private:
  std::string name_;
  std::string sql_;
  db::Statement statement_;
};

}  // namespace artel::search
