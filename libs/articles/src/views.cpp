#include "views.hpp"

#include "artel/profiles/profiles.hpp"
#include "artel/storage/storage.hpp"

namespace artel::articles {
namespace {

void FillCard(ArticleCardView& card, const Article& article) {
  card.id = article.id;
  card.code = article.code;
  card.title = article.title;
  card.lead = article.lead;
  if (article.cover) {
    card.cover = storage::ImageOf(*article.cover, article.cover_thumbnail);
  }
  card.category_id = article.category_id;
  card.tags = article.tags;
  card.lang = article.lang;
  card.author = profiles::CardView(article.author);
  card.status = std::string(StatusName(article.status));
  card.published_at = article.published_at;
  card.updated_at = article.updated_at;
  card.rating = article.rating;
  card.view_count = article.view_count;
  card.comment_count = article.comment_count;
}

}  // namespace

ArticleCardView CardView(const Article& article) {
  ArticleCardView card;
  FillCard(card, article);
  return card;
}

ModeratedCardView ModeratedView(const Article& article) {
  ModeratedCardView card;
  FillCard(card, article);
  card.moderation = article.moderation;
  return card;
}

ArticleView View(const Article& article, const Viewer& viewer) {
  const bool manages = viewer.CanManage(article);
  const bool is_author = viewer.actor && viewer.actor->user_id == article.author.id;
  ArticleView view;
  FillCard(view, article);
  view.body_html = article.body_html;
  if (manages) {
    view.body = article.body;
    view.moderation = article.moderation;
  }
  view.my_vote = article.my_vote;
  view.is_author = is_author;
  view.can_vote = viewer.actor.has_value() && !is_author;
  return view;
}

namespace {

/// A page of `Page` (items and next_cursor) with each article seen through `card`.
template <class Page, class Card>
Page CardPage(const ArticlePage& page, Card card) {
  Page view;
  view.items.reserve(page.items.size());
  for (const auto& article : page.items) view.items.push_back(card(article));
  view.next_cursor = page.next_cursor;
  return view;
}

}  // namespace

ArticleCardPageView PageView(const ArticlePage& page) {
  return CardPage<ArticleCardPageView>(page, CardView);
}

ModeratedCardPageView ModeratedPageView(const ArticlePage& page) {
  return CardPage<ModeratedCardPageView>(page, ModeratedView);
}

CommentView View(const Comment& comment, std::optional<std::int64_t> viewer_id, TimePoint now) {
  const bool tombstone = comment.deleted || comment.hidden;
  const bool mine = viewer_id && *viewer_id == comment.author.id;
  CommentView view;
  view.id = comment.id;
  view.parent_id = comment.parent_id;
  view.author = profiles::CardView(comment.author);
  if (!tombstone) view.text = comment.text;
  view.deleted = comment.deleted;
  view.hidden = comment.hidden;
  view.created_at = comment.created_at;
  view.edited_at = comment.edited_at;
  const TimePoint until = comment.created_at + kCommentEditWindow;
  if (mine && !tombstone && now < until) view.editable_until = until;
  view.rating = comment.rating;
  view.my_vote = comment.my_vote;
  return view;
}

CommentPageView PageView(const CommentPage& page, std::optional<std::int64_t> viewer_id, TimePoint now) {
  CommentPageView view;
  view.items.reserve(page.items.size());
  for (const auto& thread : page.items) {
    CommentThreadView item;
    static_cast<CommentView&>(item) = View(thread.comment, viewer_id, now);
    for (const auto& reply : thread.replies) item.replies.push_back(View(reply, viewer_id, now));
    view.items.push_back(std::move(item));
  }
  view.next_cursor = page.next_cursor;
  view.total = page.total;
  return view;
}

CategoryView View(const Category& category, std::string_view lang) {
  return CategoryView{category.id, category.code, lang == "ru" ? category.name_ru : category.name_en,
                      category.article_count};
}

AdminCategoryView AdminView(const Category& category) {
  return AdminCategoryView{category.id,      category.code,     category.name_en,
                           category.name_ru, category.position, category.article_count};
}

}  // namespace artel::articles
