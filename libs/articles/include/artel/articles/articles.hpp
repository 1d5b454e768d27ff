#pragma once

// Articles: the service behind tag `articles` (and the admin's article routes) of docs/api/openapi.yaml.
// Knows nothing of HTTP (routes.cpp maps it). Plain values in, plain values out; the caller is an Actor.
// Expected failures throw artel::Error: NotFound for what the caller may not see (someone else's draft is as
// absent as a missing article), Conflict articles:illegal_transition for what the state forbids
// (state_machine.hpp), Forbidden articles:own_vote, Conflict articles:edit_window_closed.

#include <array>
#include <boost/asio/awaitable.hpp>
#include <boost/describe/class.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "artel/articles/state_machine.hpp"
#include "artel/core/actor.hpp"
#include "artel/core/clock.hpp"
#include "artel/db/pool.hpp"
#include "artel/kernel/user_card.hpp"

namespace artel::platform {
class EventBus;
}  // namespace artel::platform

namespace artel::articles {

/// The moderation reasons (i18n `articles:reason.<code>`).
inline constexpr std::array<std::string_view, 6> kReasons{"spam",      "offensive",   "plagiarism",
                                                          "off_topic", "low_quality", "rules"};
/// How long after writing it the author may edit a comment.
inline constexpr std::chrono::minutes kCommentEditWindow{15};
/// Tags of an article: at most this many, each of kMinTag to kMaxTag characters.
inline constexpr std::size_t kMaxTags = 10;
inline constexpr std::size_t kMinTag = 2;
inline constexpr std::size_t kMaxTag = 32;

// The inputs are described (BOOST_DESCRIBE_STRUCT) so the HTTP edge reads them from request bodies checked
// against api.yaml; the rules a schema cannot state (a category that exists, a free code, the tags in one
// spelling) are the service's, for every caller.

struct ArticleInput {
  std::string title;
  /// nullopt: made from the title (Slugify), made unique with a numeric suffix.
  std::optional<std::string> code;
  std::string lead;
  std::string body;
  std::int64_t category_id = 0;
  std::vector<std::string> tags;
  std::string lang;
  /// Admin create/edit only: publish at once.
  bool publish = false;
};
BOOST_DESCRIBE_STRUCT(ArticleInput, (), (title, code, lead, body, category_id, tags, lang, publish))

struct ModerationInput {
  std::string reason;
  std::string comment;
};
BOOST_DESCRIBE_STRUCT(ModerationInput, (), (reason, comment))

struct Moderation {
  std::string action;
  std::optional<std::string> reason;
  std::optional<std::string> comment;
  TimePoint at;
};
BOOST_DESCRIBE_STRUCT(Moderation, (), (action, reason, comment, at))

struct Article {
  std::int64_t id = 0;
  std::string code;
  kernel::UserCard author;
  std::int64_t category_id = 0;
  std::string title;
  std::string lead;
  std::string body;
  std::string body_html;
  std::optional<std::string> cover;
  std::optional<std::string> cover_thumbnail;
  std::vector<std::string> tags;
  std::string lang;
  Status status = Status::kDraft;
  std::optional<Moderation> moderation;
  std::int32_t rating = 0;
  std::int32_t view_count = 0;
  std::int32_t comment_count = 0;
  std::optional<TimePoint> published_at;
  TimePoint created_at;
  TimePoint updated_at;
  /// The viewer's vote (-1, 0, 1), when read for a viewer.
  std::int32_t my_vote = 0;
};

struct ArticlePage {
  std::vector<Article> items;
  std::optional<std::string> next_cursor;
};

struct ListQuery {
  std::optional<std::string> q;
  std::optional<std::int64_t> category_id;
  std::optional<std::string> tag;
  std::optional<std::string> lang;
  /// date | rating | popular
  std::string sort = "date";
  std::optional<std::string> cursor;
  std::int32_t limit = 20;
};

struct Category {
  std::int64_t id = 0;
  std::string code;
  std::string name_en;
  std::string name_ru;
  std::int32_t position = 0;
  std::int32_t article_count = 0;
};

struct CategoryInput {
  std::string code;
  std::string name_en;
  std::string name_ru;
  std::int32_t position = 0;
};
BOOST_DESCRIBE_STRUCT(CategoryInput, (), (code, name_en, name_ru, position))

struct Comment {
  std::int64_t id = 0;
  std::int64_t article_id = 0;
  std::optional<std::int64_t> parent_id;
  kernel::UserCard author;
  std::string text;
  bool deleted = false;
  bool hidden = false;
  TimePoint created_at;
  std::optional<TimePoint> edited_at;
  std::int32_t rating = 0;
  std::int32_t my_vote = 0;
};

struct CommentThread {
  Comment comment;
  std::vector<Comment> replies;
};

struct CommentPage {
  std::vector<CommentThread> items;
  std::optional<std::string> next_cursor;
  std::int64_t total = 0;
};

struct CommentInput {
  std::string text;
  std::optional<std::int64_t> parent_id;
  std::string client_id;
};
BOOST_DESCRIBE_STRUCT(CommentInput, (), (text, parent_id, client_id))

struct VoteResult {
  std::int32_t rating = 0;
  std::int32_t my_vote = 0;
};

/// Who reads an article: the author and admins see everything of it; others only what is published.
struct Viewer {
  std::optional<Actor> actor;
  bool CanManage(const Article& article) const {
    return actor && (actor->IsAdmin() || actor->user_id == article.author.id);
  }
};

/// The URL slug of a title: Cyrillic transliterated, lower-case ASCII letters and digits, words joined by
/// '-', at most 80 characters; "article" when nothing is left, never digits only.
std::string Slugify(std::string_view title);
/// `^[a-z0-9][a-z0-9-]{2,99}$`, and not digits only (those would read as an id).
bool ValidCode(std::string_view code);
/// Tags in their one spelling: trimmed, lower-cased (Cyrillic too), duplicates dropped. ValidationFailed on
/// `tags`: articles:tag_invalid for a tag outside kMinTag..kMaxTag characters, articles:tags_too_many past
/// kMaxTags.
std::vector<std::string> NormalizeTags(const std::vector<std::string>& tags);

class Articles final {
 public:
  /// Publishes the events of artel/articles/events.hpp inside the transactions of the changes.
  Articles(db::Pool& pool, platform::EventBus& events, const Clock& clock = DefaultClock());
  ~Articles();
  Articles(const Articles&) = delete;
  Articles& operator=(const Articles&) = delete;

  // Categories.
  boost::asio::awaitable<std::vector<Category>> Categories(bool published_only);
  boost::asio::awaitable<Category> CreateCategory(const Actor& admin, const CategoryInput& input);
  boost::asio::awaitable<Category> UpdateCategory(const Actor& admin, std::int64_t id,
                                                  const CategoryInput& input);
  /// Conflict articles:category_in_use while an article has it.
  boost::asio::awaitable<void> DeleteCategory(const Actor& admin, std::int64_t id);

  // Lists.
  boost::asio::awaitable<ArticlePage> List(const ListQuery& query);
  boost::asio::awaitable<ArticlePage> Mine(const Actor& actor, std::optional<Status> status,
                                           std::optional<std::string> cursor, std::int32_t limit);
  boost::asio::awaitable<ArticlePage> AdminList(Status status, std::optional<std::string> q,
                                                std::optional<std::string> cursor, std::int32_t limit);

  // Reading.
  /// NotFound unless published or `viewer` manages it. Reads the viewer's vote.
  boost::asio::awaitable<Article> GetByCode(std::string_view code, const Viewer& viewer);
  boost::asio::awaitable<Article> GetById(std::int64_t id, const Viewer& viewer);
  /// Counts one view of `visitor` on `day`; true when it was the first (the counter went up).
  boost::asio::awaitable<bool> CountView(std::int64_t article_id, std::string visitor, TimePoint now);

  // The author's actions (someone else's article → NotFound).
  boost::asio::awaitable<Article> Create(const Actor& actor, const ArticleInput& input);
  boost::asio::awaitable<Article> Update(const Actor& actor, std::int64_t id, const ArticleInput& input);
  boost::asio::awaitable<void> Delete(const Actor& actor, std::int64_t id);
  boost::asio::awaitable<Article> Submit(const Actor& actor, std::int64_t id);
  boost::asio::awaitable<Article> SetCover(const Actor& actor, std::int64_t id,
                                           std::optional<std::pair<std::string, std::string>> cover);

  // The admin's actions, each audited (platform::RecordAudit) in its transaction.
  boost::asio::awaitable<Article> AdminCreate(const Actor& admin, const ArticleInput& input);
  boost::asio::awaitable<Article> AdminUpdate(const Actor& admin, std::int64_t id, const ArticleInput& input);
  boost::asio::awaitable<Article> Publish(const Actor& admin, std::int64_t id);
  boost::asio::awaitable<Article> Return(const Actor& admin, std::int64_t id, const ModerationInput& input);
  boost::asio::awaitable<Article> Block(const Actor& admin, std::int64_t id, const ModerationInput& input);

  // Votes: published only (NotFound otherwise); own → Forbidden articles:own_vote.
  boost::asio::awaitable<VoteResult> Vote(const Actor& actor, std::int64_t id, std::int32_t value);

  // Comments (published articles only).
  boost::asio::awaitable<CommentPage> Comments(std::int64_t article_id, std::optional<std::int64_t> viewer_id,
                                               std::optional<std::string> cursor, std::int32_t limit);
  /// `second`: created now (false: the same client_id's earlier comment).
  boost::asio::awaitable<std::pair<Comment, bool>> AddComment(const Actor& actor, std::int64_t article_id,
                                                              const CommentInput& input);
  boost::asio::awaitable<Comment> EditComment(const Actor& actor, std::int64_t article_id,
                                              std::int64_t comment_id, std::string text);
  boost::asio::awaitable<void> DeleteComment(const Actor& actor, std::int64_t article_id,
                                             std::int64_t comment_id);
  boost::asio::awaitable<VoteResult> VoteComment(const Actor& actor, std::int64_t article_id,
                                                 std::int64_t comment_id, std::int32_t value);
  boost::asio::awaitable<Comment> HideComment(const Actor& admin, std::int64_t article_id,
                                              std::int64_t comment_id, bool hidden);

  const Clock& GetClock() const noexcept;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace artel::articles
