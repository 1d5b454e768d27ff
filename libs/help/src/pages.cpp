#include "help_impl.hpp"

namespace artel::help {

using namespace detail;  // NOLINT(google-build-using-namespace): the service's own helpers

namespace {

// ---------------------------------------------------------------------------------------------- Pages

constexpr db::Statement kPublicPage{"help.public_page", R"sql(
SELECT code, lang, title, body_html, version, updated_at FROM help.pages
WHERE code = $1
ORDER BY (lang = $2) DESC, (lang = 'en') DESC
LIMIT 1
)sql"};
constexpr db::Statement kAdminPages{"help.admin_pages", R"sql(
SELECT p.code, p.lang, p.title, p.version, p.updated_at,
  u.id AS user_id, u.name AS user_name, u.lastname AS user_lastname, u.avatar AS user_avatar
FROM help.pages p LEFT JOIN identity.users u ON u.id = p.updated_by
ORDER BY array_position(ARRAY['about', 'agreement', 'rules', 'privacy-policy', 'cookie-policy', 'tariffs'],
                        p.code), p.lang
)sql"};
constexpr db::Statement kAdminPage{"help.admin_page", R"sql(
SELECT id, code, lang, title, body, body_html, version FROM help.pages WHERE code = $1 AND lang = $2
)sql"};
constexpr db::Statement kLockPage{"help.lock_page", R"sql(
SELECT id, code, lang, title, body, body_html, version FROM help.pages WHERE code = $1 AND lang = $2 FOR UPDATE
)sql"};
constexpr db::Statement kPageVersions{"help.page_versions", R"sql(
SELECT v.version, v.title, v.created_at,
  u.id AS user_id, u.name AS user_name, u.lastname AS user_lastname, u.avatar AS user_avatar
FROM help.page_versions v LEFT JOIN identity.users u ON u.id = v.author_id
WHERE v.code = $1 AND v.lang = $2
ORDER BY v.version DESC
)sql"};
constexpr db::Statement kPageVersion{"help.page_version", R"sql(
SELECT v.version, v.title, v.body, v.created_at,
  u.id AS user_id, u.name AS user_name, u.lastname AS user_lastname, u.avatar AS user_avatar
FROM help.page_versions v LEFT JOIN identity.users u ON u.id = v.author_id
WHERE v.code = $1 AND v.lang = $2 AND v.version = $3
)sql"};
// A concurrent first save of the same page: the loser's insert does nothing and it answers 409.
constexpr db::Statement kInsertPage{"help.insert_page", R"sql(
INSERT INTO help.pages (code, lang, title, body, body_html, version, updated_by, updated_at)
VALUES ($1, $2, $3, $4, $5, 1, $6, $7)
ON CONFLICT (code, lang) DO NOTHING
RETURNING id
)sql"};
constexpr db::Statement kUpdatePage{"help.update_page", R"sql(
UPDATE help.pages SET title = $3, body = $4, body_html = $5, version = version + 1, updated_by = $6,
  updated_at = $7
WHERE code = $1 AND lang = $2
RETURNING id, version
)sql"};
constexpr db::Statement kInsertPageVersion{"help.insert_page_version", R"sql(
INSERT INTO help.page_versions (code, lang, version, title, body, author_id, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7)
)sql"};

}  // namespace

// ------------------------------------------------------------------------------------------------ Pages

awaitable<help::Page> Help::Page(std::string_view code, std::string_view lang) {
  if (!IsPageCode(code)) throw NotFound();
  const std::string page_code(code);
  const std::string language(lang);
  auto rows = co_await impl_->pool.Query(kPublicPage, page_code, language);
  if (rows.Empty()) throw NotFound();
  auto row = rows.One();
  co_return help::Page{row.Get<std::string>("code"),     row.Get<std::string>("lang"),
                       row.Get<std::string>("title"),    row.Get<std::string>("body_html"),
                       row.Get<std::int32_t>("version"), row.Get<TimePoint>("updated_at")};
}

awaitable<AdminPageList> Help::AdminPages() {
  auto rows = co_await impl_->pool.Query(kAdminPages);
  AdminPageList list;
  for (auto row : rows) {
    list.items.push_back({row.Get<std::string>("code"), row.Get<std::string>("lang"),
                          row.Get<std::string>("title"), row.Get<std::int32_t>("version"),
                          row.Get<TimePoint>("updated_at"), CardOrNull(row, "user")});
  }
  co_return list;
}

awaitable<help::AdminPage> Help::AdminPage(std::string_view code, std::string_view lang) {
  if (!IsPageCode(code) || !IsPageLanguage(lang)) throw NotFound();
  const std::string page_code(code);
  const std::string language(lang);
  auto rows = co_await impl_->pool.Query(kAdminPage, page_code, language);
  if (rows.Empty()) throw NotFound();
  auto row = rows.One();
  help::AdminPage page{row.Get<std::string>("code"),
                       row.Get<std::string>("lang"),
                       row.Get<std::string>("title"),
                       row.Get<std::string>("body"),
                       row.Get<std::string>("body_html"),
                       row.Get<std::int32_t>("version"),
                       {}};
  auto versions = co_await impl_->pool.Query(kPageVersions, page_code, language);
  for (auto version : versions) {
    page.versions.push_back({version.Get<std::int32_t>("version"), version.Get<std::string>("title"),
                             CardOrNull(version, "user"), version.Get<TimePoint>("created_at")});
  }
  co_return page;
}

awaitable<help::AdminPage> Help::SavePage(const Actor& actor, std::string_view code, std::string_view lang,
                                          const PageInput& input) {
  if (!IsPageCode(code) || !IsPageLanguage(lang)) throw NotFound();
  CheckPage(input);
  const std::string page_code(code);
  const std::string language(lang);
  const std::string html = markdown::ToHtml(input.body);
  const TimePoint now = impl_->clock.Now();
  const std::optional<std::int64_t> author =
      actor.user_id > 0 ? std::optional<std::int64_t>(actor.user_id) : std::nullopt;
  {
    auto tx = co_await impl_->pool.Begin();
    auto existing = co_await tx.Query(kLockPage, page_code, language);
    boost::json::value before = nullptr;
    std::int64_t page_id = 0;
    std::int32_t version = 1;
    if (existing.Empty()) {
      if (input.version != 0) throw Conflict({"help:page_changed", {}});
      auto inserted =
          co_await tx.Query(kInsertPage, page_code, language, input.title, input.body, html, author, now);
      if (inserted.Empty()) throw Conflict({"help:page_changed", {}});
      page_id = inserted.One().Get<std::int64_t>("id");
    } else {
      auto row = existing.One();
      if (row.Get<std::int32_t>("version") != input.version) throw Conflict({"help:page_changed", {}});
      before = boost::json::object{{"code", page_code},
                                   {"lang", language},
                                   {"title", row.Get<std::string>("title")},
                                   {"body", row.Get<std::string>("body")},
                                   {"version", row.Get<std::int32_t>("version")}};
      auto updated =
          co_await tx.Query(kUpdatePage, page_code, language, input.title, input.body, html, author, now);
      page_id = updated.One().Get<std::int64_t>("id");
      version = updated.One().Get<std::int32_t>("version");
    }
    co_await tx.Query(kInsertPageVersion, page_code, language, version, input.title, input.body, author, now);
    if (actor.user_id > 0) {
      boost::json::object after{{"code", page_code},
                                {"lang", language},
                                {"title", input.title},
                                {"body", input.body},
                                {"version", version}};
      platform::AuditEntry entry{"pages.edit", "page", page_id, before, std::move(after)};
      co_await platform::RecordAudit(tx, actor, std::move(entry));
    }
    co_await tx.Commit();
  }
  co_return co_await AdminPage(code, lang);
}

awaitable<help::PageVersion> Help::PageVersion(std::string_view code, std::string_view lang,
                                               std::int32_t version) {
  if (!IsPageCode(code) || !IsPageLanguage(lang)) throw NotFound();
  const std::string page_code(code);
  const std::string language(lang);
  auto rows = co_await impl_->pool.Query(kPageVersion, page_code, language, version);
  if (rows.Empty()) throw NotFound();
  auto row = rows.One();
  auto body = row.Get<std::string>("body");
  auto html = markdown::ToHtml(body);
  co_return help::PageVersion{
      row.Get<std::int32_t>("version"), row.Get<std::string>("title"),   std::move(body), std::move(html),
      CardOrNull(row, "user"),          row.Get<TimePoint>("created_at")};
}

}  // namespace artel::help
