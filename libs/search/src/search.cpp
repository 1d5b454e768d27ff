#include "artel/search/search.hpp"

#include <cctype>

namespace artel::search {
namespace {

/// $1: the search text. {0}: the schema, {1}: the lexicon table.
constexpr std::string_view kCorrection = R"sql(
SELECT (CASE WHEN count(*) > 0 AND count(*) = count(alternatives) THEN {0}.tsquery_all(alternatives) END)::text
FROM (
  SELECT (
    SELECT {0}.tsquery_any(plainto_tsquery('simple', l.lexeme))
    FROM (
      SELECT lexeme FROM {0}.{1}
      WHERE lexeme % w.word AND similarity(lexeme, w.word) >= 0.4
        AND (lexeme = w.word OR NOT EXISTS (SELECT 1 FROM {0}.{1} known WHERE known.lexeme = w.word))
      ORDER BY lexeme <-> w.word, lexeme
      LIMIT 3
    ) l
  ) AS alternatives
  FROM unnest(tsvector_to_array(to_tsvector('russian', $1))) AS w(word)
) words
)sql";

/// kCorrection with its two names filled in (identifiers of the code, never user input).
std::string CorrectionSql(const Index& index) {
  std::string sql;
  for (std::size_t i = 0; i < kCorrection.size(); ++i) {
    if (kCorrection[i] == '{' && i + 2 < kCorrection.size() && kCorrection[i + 2] == '}') {
      sql += kCorrection[i + 1] == '0' ? index.schema : index.lexicon;
      i += 2;
    } else {
      sql += kCorrection[i];
    }
  }
  return sql;
}

}  // namespace

std::size_t CountWords(std::string_view text) {
  std::size_t words = 0;
  bool in_word = false;
  for (unsigned char c : text) {
    // Bytes of multibyte UTF-8 characters (letters of every script here) count as word characters.
    const bool word_char = std::isalnum(c) != 0 || c >= 0x80;
    if (word_char && !in_word) ++words;
    in_word = word_char;
  }
  return words;
}

bool PrefersWindow(std::string_view text) {
  return CountWords(text) > 1;
}

std::string TsQuery(db::SqlBuilder& sql, const std::string& text, const Corrected& corrected) {
  if (corrected) return sql.Bind(*corrected) + "::tsquery";
  return "websearch_to_tsquery('russian', " + sql.Bind(text) + ")";
}

std::string MatchCondition(db::SqlBuilder& sql, std::string_view column, const std::string& text,
                           const Corrected& corrected) {
  return std::string(column) + " @@ " + TsQuery(sql, text, corrected);
}

std::string CorrectionWords(std::string_view tsquery) {
  std::string words;
  int depth = 0;
  bool taken = false;  // the current AND-ed word already has its alternative
  for (std::size_t i = 0; i < tsquery.size(); ++i) {
    const char c = tsquery[i];
    if (c == '(') {
      ++depth;
    } else if (c == ')') {
      --depth;
    } else if (c == '&' && depth == 0) {
      taken = false;
    } else if (c == '\'') {
      std::string lexeme;
      for (++i; i < tsquery.size(); ++i) {
        if (tsquery[i] == '\'' && i + 1 < tsquery.size() && tsquery[i + 1] == '\'') {
          lexeme += '\'';  // a quote inside a lexeme is doubled
          ++i;
        } else if (tsquery[i] == '\'') {
          break;
        } else {
          lexeme += tsquery[i];
        }
      }
      if (!taken) {
        if (!words.empty()) words += ' ';
        words += lexeme;
        taken = true;
      }
    }
  }
  return words;
}

Lexicon::Lexicon(Index index)
    : name_(std::string(index.schema) + ".correct_text"),
      sql_(CorrectionSql(index)),
      statement_{name_, sql_} {}

boost::asio::awaitable<Corrected> Lexicon::Correct(db::Pool& pool, const std::string& text) const {
  auto rows = co_await pool.Query(statement_, text);
  co_return rows.One().Get<std::optional<std::string>>(0);
}

}  // namespace artel::search
