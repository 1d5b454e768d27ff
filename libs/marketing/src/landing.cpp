#include "landing.hpp"

#include <fmt/format.h>

#include <boost/describe/class.hpp>
#include <boost/json.hpp>
#include <memory>

#include "artel/core/crypto.hpp"
#include "artel/core/error.hpp"
#include "artel/core/log.hpp"
#include "artel/core/time.hpp"
#include "artel/db/pool.hpp"
#include "artel/markdown/markdown.hpp"
#include "artel/platform/audit.hpp"
#include "artel/platform/module.hpp"
#include "artel/storage/storage.hpp"
#include "artel/storage/upload.hpp"
#include "artel/web/api.hpp"
#include "artel/web/app.hpp"

namespace artel::marketing {

/// libs/marketing/api.yaml, compiled in (artel_contract_part).
std::string_view ContractPart();

namespace {

using boost::asio::awaitable;
using web::Call;

constexpr storage::ImageOptions kLandingImage{.max_side = 1600, .thumbnail = true};

constexpr std::string_view kColumns =
    R"sql(id, kind, code, lang, title, text, text_html, image, image_thumbnail,
  category_id, cta, published, visit_count, created_at, updated_at)sql";

/// The public read and its visit in one statement: the visit row inserted once per (page, visitor, day) and
/// the counter bumped only when it was.
constexpr db::Statement kPublicRead{"marketing.landing_public_read", R"sql(
WITH page AS (
  SELECT id, kind, code, lang, title, text, text_html, image, image_thumbnail, category_id, cta, published,
    visit_count, created_at, updated_at
  FROM marketing.landing_pages WHERE kind = $1 AND code = $2 AND published
), visit AS (
  INSERT INTO marketing.landing_visits (page_id, visitor, day)
  SELECT id, $3, (now() AT TIME ZONE 'UTC')::date FROM page
  ON CONFLICT DO NOTHING
  RETURNING page_id
), bump AS (
  UPDATE marketing.landing_pages p SET visit_count = p.visit_count + 1 FROM visit WHERE p.id = visit.page_id
)
SELECT * FROM page
)sql"};

constexpr db::Statement kCategoryExists{"marketing.landing_category_exists", R"sql(
SELECT EXISTS (SELECT 1 FROM catalog.categories WHERE id = $1) AS found
)sql"};
constexpr db::Statement kCodeTaken{"marketing.landing_code_taken", R"sql(
SELECT EXISTS (SELECT 1 FROM marketing.landing_pages WHERE kind = $1 AND code = $2 AND id <> $3) AS taken
)sql"};

/// LandingPageInput, checked against the contract by web::Api (kind and lang are enums there, code a pattern,
/// the lengths bounded); what no schema states (the category exists, the code is free) is CheckInput's.
struct Input {
  std::string kind;
  std::string code;
  std::string lang;
  std::string title;
  std::string text;
  std::optional<std::int64_t> category_id;
  std::string cta;
  bool published = false;
};
BOOST_DESCRIBE_STRUCT(Input, (), (kind, code, lang, title, text, category_id, cta, published))

bool ValidCode(std::string_view code) {
  if (code.size() < 2 || code.size() > 64) return false;
  for (char c : code) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
  }
  return true;
}

bool ValidKind(std::string_view kind) {
  return kind == "create_order" || kind == "find_job";
}

struct PublicPageView {
  std::int64_t id = 0;
  std::string kind;
  std::string code;
  std::string lang;
  std::string title;
  std::string text_html;
  std::optional<storage::ImageView> image;
  std::optional<std::int64_t> category_id;
  std::string cta;
  bool published = false;
};
BOOST_DESCRIBE_STRUCT(PublicPageView, (),
                      (id, kind, code, lang, title, text_html, image, category_id, cta, published))

struct PageView : PublicPageView {
  std::string text;
  std::int64_t visit_count = 0;
  TimePoint created_at;
  TimePoint updated_at;
};
BOOST_DESCRIBE_STRUCT(PageView, (PublicPageView), (text, visit_count, created_at, updated_at))

struct PageListView {
  std::vector<PageView> items;
};
BOOST_DESCRIBE_STRUCT(PageListView, (), (items))

PublicPageView PublicOf(const db::Row& row) {
  PublicPageView page;
  page.id = row.Get<std::int64_t>("id");
  page.kind = row.Get<std::string>("kind");
  page.code = row.Get<std::string>("code");
  page.lang = row.Get<std::string>("lang");
  page.title = row.Get<std::string>("title");
  page.text_html = row.Get<std::string>("text_html");
  if (auto image = row.Get<std::optional<std::string>>("image")) {
    page.image = storage::ImageOf(*image, row.Get<std::optional<std::string>>("image_thumbnail"));
  }
  if (auto id = row.Get<std::optional<std::int32_t>>("category_id")) page.category_id = *id;
  page.cta = row.Get<std::string>("cta");
  page.published = row.Get<bool>("published");
  return page;
}

PageView AdminOf(const db::Row& row) {
  PageView page;
  static_cast<PublicPageView&>(page) = PublicOf(row);
  page.text = row.Get<std::string>("text");
  page.visit_count = row.Get<std::int64_t>("visit_count");
  page.created_at = row.Get<TimePoint>("created_at");
  page.updated_at = row.Get<TimePoint>("updated_at");
  return page;
}

/// What the audit log keeps of a page (no rendered HTML, no counter).
boost::json::value AuditJson(const db::Row& row) {
  auto json = kernel::ToJson(AdminOf(row)).as_object();
  json.erase("text_html");
  json.erase("visit_count");
  return json;
}

awaitable<void> CheckInput(db::Transaction& tx, const Input& input, std::int64_t id) {
  ValidationErrors errors;
  if (input.category_id) {
    auto found = co_await tx.Query(kCategoryExists, *input.category_id);
    if (!found.One().Get<bool>("found")) errors.Add("category_id", {"marketing:category_unknown", {}});
  }
  auto taken = co_await tx.Query(kCodeTaken, input.kind, input.code, id);
  if (taken.One().Get<bool>("taken")) errors.Add("code", {"marketing:code_taken", {}});
  errors.ThrowIfAny();
}

/// The page's audit JSON under its row lock; nullopt when there is no such page.
awaitable<std::optional<boost::json::value>> LockPage(db::Transaction& tx, std::int64_t id) {
  const auto sql = fmt::format("SELECT {} FROM marketing.landing_pages WHERE id = $1 FOR UPDATE", kColumns);
  auto result = co_await tx.Query(std::string_view(sql), id);
  if (result.Empty()) co_return std::nullopt;
  co_return AuditJson(result[0]);
}

awaitable<PageView> Create(db::Pool& pool, const Actor& actor, const Input& input) {
  auto html = markdown::ToHtml(input.text);
  auto tx = co_await pool.Begin();
  co_await CheckInput(tx, input, 0);
  const auto sql = fmt::format(R"sql(
INSERT INTO marketing.landing_pages (kind, code, lang, title, text, text_html, category_id, cta, published)
VALUES ($1, $2, $3, $4, $5, $6, $7::int, $8, $9) RETURNING {})sql",
                               kColumns);
  auto inserted = co_await tx.Query(std::string_view(sql), input.kind, input.code, input.lang, input.title,
                                    input.text, html, input.category_id, input.cta, input.published);
  auto row = inserted[0];
  platform::AuditEntry entry{.action = "landing_pages.create",
                             .object_type = "landing_page",
                             .object_id = row.Get<std::int64_t>("id"),
                             .before = nullptr,
                             .after = AuditJson(row)};
  co_await platform::RecordAudit(tx, actor, std::move(entry));
  auto page = AdminOf(row);
  co_await tx.Commit();
  co_return page;
}

awaitable<PageView> Update(db::Pool& pool, const Actor& actor, std::int64_t id, const Input& input) {
  auto html = markdown::ToHtml(input.text);
  auto tx = co_await pool.Begin();
  auto before = co_await LockPage(tx, id);
  if (!before) throw NotFound();
  co_await CheckInput(tx, input, id);
  const auto sql = fmt::format(R"sql(
UPDATE marketing.landing_pages SET kind = $2, code = $3, lang = $4, title = $5, text = $6, text_html = $7,
  category_id = $8::int, cta = $9, published = $10, updated_at = now()
WHERE id = $1 RETURNING {})sql",
                               kColumns);
  auto updated = co_await tx.Query(std::string_view(sql), id, input.kind, input.code, input.lang, input.title,
                                   input.text, html, input.category_id, input.cta, input.published);
  auto row = updated[0];
  platform::AuditEntry entry{.action = "landing_pages.edit",
                             .object_type = "landing_page",
                             .object_id = id,
                             .before = *before,
                             .after = AuditJson(row)};
  co_await platform::RecordAudit(tx, actor, std::move(entry));
  auto page = AdminOf(row);
  co_await tx.Commit();
  co_return page;
}

awaitable<void> Delete(db::Pool& pool, const Actor& actor, std::int64_t id) {
  auto tx = co_await pool.Begin();
  auto before = co_await LockPage(tx, id);
  if (!before) throw NotFound();
  co_await tx.Query(std::string_view("DELETE FROM marketing.landing_pages WHERE id = $1"), id);
  platform::AuditEntry entry{.action = "landing_pages.delete",
                             .object_type = "landing_page",
                             .object_id = id,
                             .before = *before,
                             .after = nullptr};
  co_await platform::RecordAudit(tx, actor, std::move(entry));
  co_await tx.Commit();
}

awaitable<PageView> SetImage(db::Pool& pool, const Actor& actor, std::int64_t id,
                             std::optional<storage::StoredFile> stored) {
  std::optional<std::string> image;
  std::optional<std::string> thumbnail;
  if (stored) {
    image = stored->name;
    thumbnail = stored->thumbnail_name.value_or(stored->name);
  }
  auto tx = co_await pool.Begin();
  auto before = co_await LockPage(tx, id);
  if (!before) throw NotFound();
  const auto sql = fmt::format(
      "UPDATE marketing.landing_pages SET image = $2, image_thumbnail = $3, updated_at = now() WHERE id = $1 "
      "RETURNING {}",
      kColumns);
  auto updated = co_await tx.Query(std::string_view(sql), id, image, thumbnail);
  auto row = updated[0];
  platform::AuditEntry entry{.action = "landing_pages.image",
                             .object_type = "landing_page",
                             .object_id = id,
                             .before = *before,
                             .after = AuditJson(row)};
  co_await platform::RecordAudit(tx, actor, std::move(entry));
  auto page = AdminOf(row);
  co_await tx.Commit();
  co_return page;
}

std::string Visitor(const web::Request& request) {
  if (request.principal) return fmt::format("u:{}", request.principal->user_id);
  auto day = IsoTime(std::chrono::system_clock::now()).substr(0, 10);
  auto agent = request.Header("User-Agent").value_or("");
  return ToHex(Sha256(fmt::format("{}\n{}\n{}", request.remote_ip, agent, day)));
}

/// The landing pages' edge: each operation of api.yaml bound to a named handler (the admin's ones are
/// x-access: admin, checked before any handler runs).
class Edge final {
 public:
  Edge(db::Pool& pool, const storage::FileStore& files, boost::asio::thread_pool& blocking)
      : pool_(pool), files_(files), blocking_(blocking) {}

  /// Published only; unknown or unpublished → 404. Counts the visit.
  awaitable<PublicPageView> Public(const Call& call) {
    auto kind = std::string(call.Param("kind"));
    auto code = std::string(call.Param("code"));
    if (!ValidKind(kind) || !ValidCode(code)) throw NotFound();
    auto visitor = Visitor(call.Raw());
    auto result = co_await pool_.Query(kPublicRead, kind, code, visitor);
    if (result.Empty()) throw NotFound();
    co_return PublicOf(result[0]);
  }

  awaitable<PageListView> List(const Call&) {
    const auto sql =
        fmt::format("SELECT {} FROM marketing.landing_pages ORDER BY created_at DESC, id DESC", kColumns);
    auto result = co_await pool_.Query(std::string_view(sql));
    PageListView list;
    for (const auto& row : result) list.items.push_back(AdminOf(row));
    co_return list;
  }

  awaitable<web::Reply<PageView>> Create(const Call& call, Input input) {
    // A named local before co_return: g++ 12 mishandles a co_await inside an aggregate's initializer.
    PageView page = co_await marketing::Create(pool_, call.User(), input);
    co_return web::Reply<PageView>{std::move(page), 201};
  }

  awaitable<PageView> Get(const Call& call) {
    const auto sql = fmt::format("SELECT {} FROM marketing.landing_pages WHERE id = $1", kColumns);
    auto result = co_await pool_.Query(std::string_view(sql), call.Id());
    if (result.Empty()) throw NotFound();
    co_return AdminOf(result[0]);
  }

  awaitable<PageView> Update(const Call& call, Input input) {
    co_return co_await marketing::Update(pool_, call.User(), call.Id(), input);
  }

  awaitable<web::NoContent> Delete(const Call& call) {
    co_await marketing::Delete(pool_, call.User(), call.Id());
    co_return web::NoContent{};
  }

  awaitable<PageView> UploadImage(const Call& call) {
    auto stored = co_await storage::PutImageOn(blocking_, files_, call.Raw().body, kLandingImage);
    std::optional<storage::StoredFile> image = std::move(stored);
    co_return co_await SetImage(pool_, call.User(), call.Id(), std::move(image));
  }

  awaitable<PageView> DeleteImage(const Call& call) {
    std::optional<storage::StoredFile> none;
    co_return co_await SetImage(pool_, call.User(), call.Id(), std::move(none));
  }

 private:
  db::Pool& pool_;
  const storage::FileStore& files_;
  boost::asio::thread_pool& blocking_;
};

}  // namespace

void RegisterLandingPages(web::App& app, db::Pool& pool, const storage::FileStore& files,
                          boost::asio::thread_pool& blocking, std::size_t max_image_bytes) {
  if (!app.GetContract().HasPart("marketing")) app.GetContract().AddPart("marketing", ContractPart());
  web::Api<Edge> api(app, std::make_shared<Edge>(pool, files, blocking), {.upload_limit = max_image_bytes});
  api.Add("getLandingPage", &Edge::Public);
  api.Add("listLandingPages", &Edge::List);
  api.Add("createLandingPage", &Edge::Create);
  api.Add("getAdminLandingPage", &Edge::Get);
  api.Add("updateLandingPage", &Edge::Update);
  api.Add("deleteLandingPage", &Edge::Delete);
  api.Add("uploadLandingPageImage", &Edge::UploadImage);
  api.Add("deleteLandingPageImage", &Edge::DeleteImage);
}

awaitable<void> SeedDemoLandingPages(platform::DemoContext& demo) {
  struct Demo {
    const char* kind;
    const char* code;
    const char* lang;
    const char* title;
    const char* text;
    const char* category;
    const char* cta;
  };
  static constexpr Demo kPages[] = {
      {"create_order", "website-development", "ru", "Закажите разработку сайта у проверенных фрилансеров",
       "На Артели сайты делают разработчики с портфолио и отзывами реальных заказчиков.\n\n"
       "- **Опишите задачу** — объём, сроки и бюджет;\n- **получите отклики** уже в первый день;\n"
       "- **выберите исполнителя** по рейтингу, портфолио и цене.\n\n"
       "Размещение заказа бесплатно. Оплачивайте работу поэтапно — так спокойнее обеим сторонам.",
       "development", "Разместить заказ"},
      {"find_job", "designers", "en", "Work for designers: orders and vacancies every day",
       "Logos, interfaces, illustrations and presentations: customers post new design orders on Artel every "
       "day, and studios look for designers to hire.\n\n"
       "1. **Create a profile** with your best projects;\n2. **respond** to orders that fit you;\n"
       "3. **get paid** for the work and collect reviews.\n\nSigning up is free.",
       "design", "Find design work"},
  };
  std::size_t created = 0;
  for (const auto& page : kPages) {
    const auto html = markdown::ToHtml(page.text);
    const std::string kind(page.kind), code(page.code), lang(page.lang), title(page.title), text(page.text),
        category(page.category), cta(page.cta);
    auto result = co_await demo.Pool().Query(std::string_view(R"sql(
INSERT INTO marketing.landing_pages (kind, code, lang, title, text, text_html, category_id, cta, published)
VALUES ($1, $2, $3, $4, $5, $6, (SELECT id FROM catalog.categories WHERE code = $7), $8, true)
ON CONFLICT (kind, code) DO NOTHING RETURNING id)sql"),
                                             kind, code, lang, title, text, html, category, cta);
    created += result.Size();
  }
  if (created == 0) co_return;
  demo.Report(fmt::format(
      "Demo landing pages: {} (/ru/lp/create-order/website-development, /en/lp/find-job/designers)",
      created));
}

}  // namespace artel::marketing
