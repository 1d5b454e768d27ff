#pragma once

// The request rules of the articles routes (docs/api/openapi.yaml): every field error at once, in 422
// ValidationFailed with messages of i18n `articles`.

#include <boost/json/object.hpp>
#include <cstdint>
#include <string>
#include <string_view>

#include "artel/articles/articles.hpp"

namespace artel::articles {

inline constexpr std::size_t kMaxTitle = 200;
inline constexpr std::size_t kMaxLead = 500;
inline constexpr std::size_t kMaxBody = 100000;
inline constexpr std::size_t kMaxTags = 10;
inline constexpr std::size_t kMaxComment = 5000;
inline constexpr std::size_t kMaxModerationComment = 2000;

/// `^[a-z0-9][a-z0-9-]{2,99}$`, and not digits only (those would read as an id).
bool ValidCode(std::string_view code);
/// ArticleInput; `admin` reads `publish` too.
ArticleInput ReadArticleInput(const boost::json::object& body, bool admin);
/// reason (one of kReasons) and comment (1–2000): both required (SPEC §5).
ModerationInput ReadModerationInput(const boost::json::object& body);
CategoryInput ReadCategoryInput(const boost::json::object& body);
/// value: -1, 0 or 1.
std::int32_t ReadVote(const boost::json::object& body);
CommentInput ReadCommentInput(const boost::json::object& body);
std::string ReadCommentText(const boost::json::object& body);
bool ReadHidden(const boost::json::object& body);

}  // namespace artel::articles
