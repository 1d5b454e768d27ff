#pragma once

// The answers of the articles' part of the contract (api.yaml: ArticleCard, Article, ArticleComment, …) as
// plain described structs: web::Api writes them (kernel::ToJson) and checks them against their schemas when
// the routes are bound; the audit log stores the same shapes. What a viewer may see is decided here, once.

#include <boost/describe/class.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artel/articles/articles.hpp"
#include "artel/kernel/json.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/storage/storage.hpp"

namespace artel::articles {

using storage::ImageView;

struct ArticleCardView {
  std::int64_t id = 0;
  std::string code;
  std::string title;
  std::string lead;
  std::optional<ImageView> cover;
  std::int64_t category_id = 0;
  std::vector<std::string> tags;
  std::string lang;
  /// The platform's UserCard.
  profiles::UserCardView author;
  std::string status;
  std::optional<TimePoint> published_at;
  TimePoint updated_at;
  std::int32_t rating = 0;
  std::int32_t view_count = 0;
  std::int32_t comment_count = 0;
};
BOOST_DESCRIBE_STRUCT(ArticleCardView, (),
                      (id, code, title, lead, cover, category_id, tags, lang, author, status, published_at,
                       updated_at, rating, view_count, comment_count))

/// A card of the author's and the admin's lists: with the last moderation decision.
struct ModeratedCardView : ArticleCardView {
  std::optional<Moderation> moderation;
};
BOOST_DESCRIBE_STRUCT(ModeratedCardView, (ArticleCardView), (moderation))

struct ArticleView : ArticleCardView {
  std::string body_html;
  /// The Markdown source and the last moderation: the author and admins only (null for others).
  std::optional<std::string> body;
  std::optional<Moderation> moderation;
  std::int32_t my_vote = 0;
  bool is_author = false;
  bool can_vote = false;
};
BOOST_DESCRIBE_STRUCT(ArticleView, (ArticleCardView),
                      (body_html, body, moderation, my_vote, is_author, can_vote))

struct ArticleCardPageView {
  std::vector<ArticleCardView> items;
  std::optional<std::string> next_cursor;
};
BOOST_DESCRIBE_STRUCT(ArticleCardPageView, (), (items, next_cursor))

struct ModeratedCardPageView {
  std::vector<ModeratedCardView> items;
  std::optional<std::string> next_cursor;
};
BOOST_DESCRIBE_STRUCT(ModeratedCardPageView, (), (items, next_cursor))

struct CommentView {
  std::int64_t id = 0;
  std::optional<std::int64_t> parent_id;
  profiles::UserCardView author;
  /// Null for a tombstone (deleted or hidden).
  std::optional<std::string> text;
  bool deleted = false;
  bool hidden = false;
  TimePoint created_at;
  std::optional<TimePoint> edited_at;
  /// The viewer's own comment while it may still be edited.
  std::optional<TimePoint> editable_until;
  std::int32_t rating = 0;
  std::int32_t my_vote = 0;
};
BOOST_DESCRIBE_STRUCT(CommentView, (),
                      (id, parent_id, author, text, deleted, hidden, created_at, edited_at, editable_until,
                       rating, my_vote))

struct CommentThreadView : CommentView {
  std::vector<CommentView> replies;
};
BOOST_DESCRIBE_STRUCT(CommentThreadView, (CommentView), (replies))

struct CommentPageView {
  std::vector<CommentThreadView> items;
  std::optional<std::string> next_cursor;
  std::int64_t total = 0;
};
BOOST_DESCRIBE_STRUCT(CommentPageView, (), (items, next_cursor, total))

struct CategoryView {
  std::int64_t id = 0;
  std::string code;
  /// In the request's language.
  std::string name;
  std::int32_t article_count = 0;
};
BOOST_DESCRIBE_STRUCT(CategoryView, (), (id, code, name, article_count))

struct AdminCategoryView {
  std::int64_t id = 0;
  std::string code;
  std::string name_en;
  std::string name_ru;
  std::int32_t position = 0;
  std::int32_t article_count = 0;
};
BOOST_DESCRIBE_STRUCT(AdminCategoryView, (), (id, code, name_en, name_ru, position, article_count))

struct CategoryListView {
  std::vector<CategoryView> items;
};
BOOST_DESCRIBE_STRUCT(CategoryListView, (), (items))

struct AdminCategoryListView {
  std::vector<AdminCategoryView> items;
};
BOOST_DESCRIBE_STRUCT(AdminCategoryListView, (), (items))

struct VoteView {
  std::int32_t rating = 0;
  std::int32_t my_vote = 0;
};
BOOST_DESCRIBE_STRUCT(VoteView, (), (rating, my_vote))

ArticleCardView CardView(const Article& article);
ModeratedCardView ModeratedView(const Article& article);
/// The article as `viewer` may see it (the body and the moderation for those who manage it).
ArticleView View(const Article& article, const Viewer& viewer);
ArticleCardPageView PageView(const ArticlePage& page);
ModeratedCardPageView ModeratedPageView(const ArticlePage& page);
/// The comment for `viewer_id` (its text null when it is a tombstone; editable_until for the author's own).
CommentView View(const Comment& comment, std::optional<std::int64_t> viewer_id, TimePoint now);
CommentPageView PageView(const CommentPage& page, std::optional<std::int64_t> viewer_id, TimePoint now);
CategoryView View(const Category& category, std::string_view lang);
AdminCategoryView AdminView(const Category& category);

}  // namespace artel::articles
