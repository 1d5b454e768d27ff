#include "artel/articles/events.hpp"

#include "artel/notifications/notifications.hpp"

namespace artel::articles {
namespace {

boost::json::object ArticleRef(std::int64_t id, const std::string& code, const std::string& title) {
  return {{"id", id}, {"code", code}, {"title", title}};
}

boost::json::value OrNull(const std::optional<std::string>& text) {
  if (!text) return nullptr;
  return boost::json::string(*text);
}

std::vector<notifications::Notice> Moderated(const ArticleModerated& e) {
  return {{e.author_id,
           {{"article", ArticleRef(e.article_id, e.code, e.title)},
            {"reason", OrNull(e.reason)},
            {"comment", OrNull(e.comment)}}}};
}

std::string ArticlePath(const boost::json::object& payload) {
  const auto* article = payload.if_contains("article");
  const auto* code =
      article != nullptr && article->is_object() ? article->as_object().if_contains("code") : nullptr;
  if (code == nullptr || !code->is_string()) return {};
  return "/articles/" + std::string(code->get_string());
}

notifications::Kind ArticleKind(std::string name, notifications::Interval email) {
  return {
      .name = std::move(name), .group = notifications::Group::kArticles, .email = email, .path = ArticlePath};
}

}  // namespace

void AddNotificationKinds(notifications::Notifier& notifier) {
  // One event, three kinds: the notifier keys kinds by event type, so each kind filters its action.
  notifier.On<ArticleModerated>(ArticleKind("article_published", notifications::Interval::kImmediately),
                                [](const ArticleModerated& e) {
                                  if (e.action != "publish") return std::vector<notifications::Notice>{};
                                  return Moderated(e);
                                });
  notifier.On<ArticleModerated>(ArticleKind("article_returned", notifications::Interval::kImmediately),
                                [](const ArticleModerated& e) {
                                  if (e.action != "return") return std::vector<notifications::Notice>{};
                                  return Moderated(e);
                                });
  notifier.On<ArticleModerated>(ArticleKind("article_blocked", notifications::Interval::kImmediately),
                                [](const ArticleModerated& e) {
                                  if (e.action != "block") return std::vector<notifications::Notice>{};
                                  return Moderated(e);
                                });
  notifier.On<CommentPosted>(
      ArticleKind("article_comment", notifications::Interval::kDaily), [](const CommentPosted& e) {
        std::vector<notifications::Notice> notices;
        const boost::json::object data{{"article", ArticleRef(e.article_id, e.code, e.title)},
                                       {"comment_id", e.comment_id}};
        if (e.author_id != e.commenter_id) notices.push_back({e.author_id, data});
        if (e.parent_author_id && *e.parent_author_id != e.commenter_id &&
            *e.parent_author_id != e.author_id) {
          notices.push_back({*e.parent_author_id, data});
        }
        return notices;
      });
}

}  // namespace artel::articles
