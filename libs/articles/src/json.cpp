// The JSON shapes of docs/api/openapi.yaml (ArticleCard, Article, ArticleComment, ArticleCategory), and the
// slug of a title.

#include <boost/json/array.hpp>

#include "artel/articles/articles.hpp"
#include "artel/core/time.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/storage/storage.hpp"

namespace artel::articles {
namespace {

template <class T>
boost::json::value OrNull(const std::optional<T>& value) {
  if (!value) return nullptr;
  if constexpr (std::is_same_v<T, std::string>) {
    return boost::json::string(*value);
  } else if constexpr (std::is_same_v<T, TimePoint>) {
    return boost::json::string(IsoTime(*value));
  } else {
    return boost::json::value(*value);
  }
}

boost::json::value ModerationJson(const std::optional<Moderation>& moderation) {
  if (!moderation) return nullptr;
  return boost::json::object{{"action", moderation->action},
                             {"reason", OrNull(moderation->reason)},
                             {"comment", OrNull(moderation->comment)},
                             {"at", IsoTime(moderation->at)}};
}

}  // namespace

boost::json::object ArticleCardJson(const Article& article, bool with_moderation) {
  boost::json::value cover = nullptr;
  if (article.cover) {
    cover = boost::json::object{
        {"url", storage::FileUrl(*article.cover)},
        {"thumbnail_url", storage::FileUrl(article.cover_thumbnail.value_or(*article.cover))}};
  }
  boost::json::array tags;
  for (const auto& tag : article.tags) tags.emplace_back(tag);
  boost::json::object json{{"id", article.id},
                           {"code", article.code},
                           {"title", article.title},
                           {"lead", article.lead},
                           {"cover", std::move(cover)},
                           {"category_id", article.category_id},
                           {"tags", std::move(tags)},
                           {"lang", article.lang},
                           {"author", profiles::UserCardJson(article.author)},
                           {"status", StatusName(article.status)},
                           {"published_at", OrNull(article.published_at)},
                           {"updated_at", IsoTime(article.updated_at)},
                           {"rating", article.rating},
                           {"view_count", article.view_count},
                           {"comment_count", article.comment_count}};
  if (with_moderation) json["moderation"] = ModerationJson(article.moderation);
  return json;
}

boost::json::object ArticleJson(const Article& article, const Viewer& viewer) {
  const bool manages = viewer.CanManage(article);
  const bool is_author = viewer.actor && viewer.actor->user_id == article.author.id;
  auto json = ArticleCardJson(article, false);
  json["body_html"] = article.body_html;
  json["body"] =
      manages ? boost::json::value(boost::json::string(article.body)) : boost::json::value(nullptr);
  json["moderation"] = manages ? ModerationJson(article.moderation) : boost::json::value(nullptr);
  json["my_vote"] = article.my_vote;
  json["is_author"] = is_author;
  json["can_vote"] = viewer.actor.has_value() && !is_author;
  return json;
}

boost::json::object CommentJson(const Comment& comment, std::optional<std::int64_t> viewer_id,
                                TimePoint now) {
  const bool tombstone = comment.deleted || comment.hidden;
  const bool mine = viewer_id && *viewer_id == comment.author.id;
  boost::json::value editable_until = nullptr;
  const TimePoint until = comment.created_at + kCommentEditWindow;
  if (mine && !tombstone && now < until) editable_until = boost::json::string(IsoTime(until));
  return {{"id", comment.id},
          {"parent_id", OrNull(comment.parent_id)},
          {"author", profiles::UserCardJson(comment.author)},
          {"text",
           tombstone ? boost::json::value(nullptr) : boost::json::value(boost::json::string(comment.text))},
          {"deleted", comment.deleted},
          {"hidden", comment.hidden},
          {"created_at", IsoTime(comment.created_at)},
          {"edited_at", OrNull(comment.edited_at)},
          {"editable_until", std::move(editable_until)},
          {"rating", comment.rating},
          {"my_vote", comment.my_vote}};
}

boost::json::object CategoryJson(const Category& category, std::string_view lang) {
  return {{"id", category.id},
          {"code", category.code},
          {"name", lang == "ru" ? category.name_ru : category.name_en},
          {"article_count", category.article_count}};
}

boost::json::object AdminCategoryJson(const Category& category) {
  return {{"id", category.id},
          {"code", category.code},
          {"name_en", category.name_en},
          {"name_ru", category.name_ru},
          {"position", category.position},
          {"article_count", category.article_count}};
}

namespace {

/// The Latin spelling of a lower-case Russian letter (a simplified ISO 9 / passport style), or nullptr.
const char* Latin(char32_t c) {
  switch (c) {
    case U'а':
      return "a";
    case U'б':
      return "b";
    case U'в':
      return "v";
    case U'г':
      return "g";
    case U'д':
      return "d";
    case U'е':
      return "e";
    case U'ё':
      return "e";
    case U'ж':
      return "zh";
    case U'з':
      return "z";
    case U'и':
      return "i";
    case U'й':
      return "y";
    case U'к':
      return "k";
    case U'л':
      return "l";
    case U'м':
      return "m";
    case U'н':
      return "n";
    case U'о':
      return "o";
    case U'п':
      return "p";
    case U'р':
      return "r";
    case U'с':
      return "s";
    case U'т':
      return "t";
    case U'у':
      return "u";
    case U'ф':
      return "f";
    case U'х':
      return "kh";
    case U'ц':
      return "ts";
    case U'ч':
      return "ch";
    case U'ш':
      return "sh";
    case U'щ':
      return "shch";
    case U'ъ':
      return "";
    case U'ы':
      return "y";
    case U'ь':
      return "";
    case U'э':
      return "e";
    case U'ю':
      return "yu";
    case U'я':
      return "ya";
    case U'і':
      return "i";
    case U'ї':
      return "yi";
    case U'є':
      return "ye";
    case U'ў':
      return "u";
    case U'ә':
      return "a";
    case U'ғ':
      return "g";
    case U'қ':
      return "q";
    case U'ң':
      return "n";
    case U'ө':
      return "o";
    case U'ұ':
      return "u";
    case U'ү':
      return "u";
    case U'һ':
      return "h";
    default:
      return nullptr;
  }
}

/// Decodes one UTF-8 code point at `i` (advancing it); U+FFFD for a broken sequence.
char32_t NextCodePoint(std::string_view text, std::size_t& i) {
  const auto byte = static_cast<unsigned char>(text[i++]);
  if (byte < 0x80) return byte;
  int extra = 0;
  char32_t cp = 0;
  if ((byte & 0xE0) == 0xC0) {
    extra = 1;
    cp = byte & 0x1F;
  } else if ((byte & 0xF0) == 0xE0) {
    extra = 2;
    cp = byte & 0x0F;
  } else if ((byte & 0xF8) == 0xF0) {
    extra = 3;
    cp = byte & 0x07;
  } else {
    return 0xFFFD;
  }
  for (int k = 0; k < extra; ++k) {
    if (i >= text.size() || (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) return 0xFFFD;
    cp = (cp << 6) | (static_cast<unsigned char>(text[i++]) & 0x3F);
  }
  return cp;
}

char32_t Lower(char32_t c) {
  if (c >= U'A' && c <= U'Z') return c + 32;
  if (c >= U'А' && c <= U'Я') return c + 32;
  if (c == U'Ё') return U'ё';
  if (c >= U'Ѐ' && c <= U'Џ') return c + 80;  // Ѐ..Џ → ѐ..џ (Ukrainian, Belarusian letters)
  if (c >= 0x0460 && c <= 0x04FF && (c % 2) == 0) return c + 1;  // the extended block: even upper, odd lower
  return c;
}

}  // namespace

std::string Slugify(std::string_view title) {
  constexpr std::size_t kMaxSlug = 80;
  std::string slug;
  bool dash = false;
  for (std::size_t i = 0; i < title.size();) {
    const char32_t c = Lower(NextCodePoint(title, i));
    std::string piece;
    if ((c >= U'a' && c <= U'z') || (c >= U'0' && c <= U'9')) {
      piece.push_back(static_cast<char>(c));
    } else if (const char* latin = Latin(c)) {
      piece = latin;
      if (piece.empty()) continue;  // ъ, ь: nothing, and no word break either
    } else {
      dash = !slug.empty();
      continue;
    }
    if (dash) {
      if (slug.size() + 1 + piece.size() > kMaxSlug) break;
      slug.push_back('-');
      dash = false;
    }
    if (slug.size() + piece.size() > kMaxSlug) break;
    slug += piece;
  }
  const bool digits_only = !slug.empty() && slug.find_first_not_of("0123456789-") == std::string::npos;
  if (slug.size() < 3 || digits_only) slug = slug.empty() ? std::string("article") : "article-" + slug;
  return slug;
}

}  // namespace artel::articles
