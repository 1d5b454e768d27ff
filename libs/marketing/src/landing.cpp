#include "landing.hpp"

#include <fmt/format.h>

#include <boost/json.hpp>

#include "artel/core/crypto.hpp"
#include "artel/core/error.hpp"
#include "artel/core/log.hpp"
#include "artel/core/time.hpp"
#include "artel/db/pool.hpp"
#include "artel/platform/audit.hpp"
#include "artel/platform/module.hpp"
#include "artel/storage/storage.hpp"
#include "artel/storage/upload.hpp"
#include "artel/web/app.hpp"
#include "artel/web/json.hpp"
#include "artel/web/router.hpp"

namespace artel::marketing {
namespace {

using boost::asio::awaitable;
using web::Method;
using web::Request;
using web::Response;

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

constexpr std::string_view kSweepTemplate = R"sql(
WITH gone AS (
  DELETE FROM marketing.dropped_images
  WHERE name IN (
    SELECT name FROM marketing.dropped_images WHERE dropped_at < $1 ORDER BY dropped_at LIMIT $2
    FOR UPDATE SKIP LOCKED)
  RETURNING name
)
SELECT n.name,
  NOT EXISTS (SELECT 1 FROM marketing.landing_pages p WHERE p.image = n.name OR p.image_thumbnail = n.name)
  AND NOT ({others}) AS unused
FROM gone n
)sql";

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

Input ReadInput(const boost::json::object& body) {
  web::JsonReader reader(body);
  Input input;
  auto kind = reader.String("kind", {.min_length = 1, .max_length = 32});
  if (kind && !ValidKind(*kind)) reader.AddError("kind", {"marketing:invalid", {}});
  auto code = reader.String("code", {.min_length = 2, .max_length = 64});
  if (code && !ValidCode(*code)) reader.AddError("code", {"marketing:code_invalid", {}});
  auto lang = reader.String("lang", {.min_length = 2, .max_length = 8});
  if (lang && *lang != "en" && *lang != "ru") reader.AddError("lang", {"marketing:invalid", {}});
  auto title = reader.String("title", {.min_length = 3, .max_length = 200});
  auto text = reader.String("text", {.max_length = 20000, .required = false, .trim = false});
  auto category_id = reader.Has("category_id") ? reader.Int("category_id") : std::nullopt;
  auto cta = reader.String("cta", {.min_length = 1, .max_length = 100});
  auto published = reader.Bool("published");
  reader.Finish();
  input.kind = *kind;
  input.code = *code;
  input.lang = *lang;
  input.title = *title;
  input.text = text.value_or("");
  input.category_id = category_id;
  input.cta = *cta;
  input.published = *published;
  return input;
}

boost::json::value ImageJson(const db::Row& row) {
  auto image = row.Get<std::optional<std::string>>("image");
  if (!image) return nullptr;
  auto thumbnail = row.Get<std::optional<std::string>>("image_thumbnail").value_or(*image);
  return boost::json::object{{"url", storage::FileUrl(*image)},
                             {"thumbnail_url", storage::FileUrl(thumbnail)}};
}

boost::json::object PublicJson(const db::Row& row) {
  boost::json::value category = nullptr;
  if (auto id = row.Get<std::optional<std::int32_t>>("category_id")) category = *id;
  return {{"id", row.Get<std::int64_t>("id")},
          {"kind", row.Get<std::string>("kind")},
          {"code", row.Get<std::string>("code")},
          {"lang", row.Get<std::string>("lang")},
          {"title", row.Get<std::string>("title")},
          {"text_html", row.Get<std::string>("text_html")},
          {"image", ImageJson(row)},
          {"category_id", std::move(category)},
          {"cta", row.Get<std::string>("cta")},
          {"published", row.Get<bool>("published")}};
}

boost::json::object AdminJson(const db::Row& row) {
  auto json = PublicJson(row);
  json["text"] = row.Get<std::string>("text");
  json["visit_count"] = row.Get<std::int64_t>("visit_count");
  json["created_at"] = IsoTime(row.Get<TimePoint>("created_at"));
  json["updated_at"] = IsoTime(row.Get<TimePoint>("updated_at"));
  return json;
}

/// What the audit log keeps of a page (no rendered HTML, no counter).
boost::json::value AuditJson(const db::Row& row) {
  auto json = AdminJson(row);
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

awaitable<Response> Create(db::Pool& pool, Request& request) {
  const auto& actor = request.RequireUser();
  auto body = request.JsonBody();
  auto input = ReadInput(body);
  auto html = RenderText(input.text);
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
  auto json = AdminJson(row);
  co_await tx.Commit();
  co_return Response::Json(json, 201);
}

awaitable<Response> Update(db::Pool& pool, Request& request) {
  const auto& actor = request.RequireUser();
  const auto id = request.IntParam("id");
  auto body = request.JsonBody();
  auto input = ReadInput(body);
  auto html = RenderText(input.text);
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
  auto json = AdminJson(row);
  co_await tx.Commit();
  co_return Response::Json(json);
}

awaitable<Response> Delete(db::Pool& pool, Request& request) {
  const auto& actor = request.RequireUser();
  const auto id = request.IntParam("id");
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
  co_return Response::NoContent();
}

awaitable<Response> SetImage(db::Pool& pool, Request& request, std::optional<storage::StoredFile> stored) {
  const auto& actor = request.RequireUser();
  const auto id = request.IntParam("id");
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
  auto json = AdminJson(row);
  co_await tx.Commit();
  co_return Response::Json(json);
}

std::string Visitor(const Request& request) {
  if (request.principal) return fmt::format("u:{}", request.principal->user_id);
  auto day = IsoTime(std::chrono::system_clock::now()).substr(0, 10);
  auto agent = request.Header("User-Agent").value_or("");
  return ToHex(Sha256(fmt::format("{}\n{}\n{}", request.remote_ip, agent, day)));
}

}  // namespace

void RegisterLandingPages(web::App& app, db::Pool& pool, const storage::FileStore& files,
                          boost::asio::thread_pool& blocking, std::size_t max_image_bytes) {
  auto& router = app.GetRouter();
  const web::RouteOptions admin{.access = web::Access::kAdmin};

  router.Add(Method::kGet, "/api/landing-pages/{kind}/{code}",
             [&pool](Request& request) -> awaitable<Response> {
               auto kind = std::string(request.Param("kind"));
               auto code = std::string(request.Param("code"));
               if (!ValidKind(kind) || !ValidCode(code)) throw NotFound();
               auto visitor = Visitor(request);
               auto result = co_await pool.Query(kPublicRead, kind, code, visitor);
               if (result.Empty()) throw NotFound();
               co_return Response::Json(PublicJson(result[0]));
             });

  router.Add(
      Method::kGet, "/api/admin/landing-pages",
      [&pool](Request&) -> awaitable<Response> {
        const auto sql =
            fmt::format("SELECT {} FROM marketing.landing_pages ORDER BY created_at DESC, id DESC", kColumns);
        auto result = co_await pool.Query(std::string_view(sql));
        boost::json::array items;
        for (const auto& row : result) items.push_back(AdminJson(row));
        co_return Response::Json(boost::json::object{{"items", std::move(items)}});
      },
      admin);

  router.Add(
      Method::kPost, "/api/admin/landing-pages",
      [&pool](Request& request) -> awaitable<Response> { co_return co_await Create(pool, request); }, admin);

  router.Add(
      Method::kGet, "/api/admin/landing-pages/{id:int}",
      [&pool](Request& request) -> awaitable<Response> {
        const auto sql = fmt::format("SELECT {} FROM marketing.landing_pages WHERE id = $1", kColumns);
        auto result = co_await pool.Query(std::string_view(sql), request.IntParam("id"));
        if (result.Empty()) throw NotFound();
        co_return Response::Json(AdminJson(result[0]));
      },
      admin);

  router.Add(
      Method::kPut, "/api/admin/landing-pages/{id:int}",
      [&pool](Request& request) -> awaitable<Response> { co_return co_await Update(pool, request); }, admin);

  router.Add(
      Method::kDelete, "/api/admin/landing-pages/{id:int}",
      [&pool](Request& request) -> awaitable<Response> { co_return co_await Delete(pool, request); }, admin);

  router.Add(
      Method::kPut, "/api/admin/landing-pages/{id:int}/image",
      [&pool, &files, &blocking](Request& request) -> awaitable<Response> {
        auto stored = co_await storage::PutImageOn(blocking, files, request.body, kLandingImage);
        std::optional<storage::StoredFile> image = std::move(stored);
        co_return co_await SetImage(pool, request, std::move(image));
      },
      web::RouteOptions{.body_limit = max_image_bytes, .access = web::Access::kAdmin});

  router.Add(
      Method::kDelete, "/api/admin/landing-pages/{id:int}/image",
      [&pool](Request& request) -> awaitable<Response> {
        std::optional<storage::StoredFile> none;
        co_return co_await SetImage(pool, request, std::move(none));
      },
      admin);
}

awaitable<std::vector<std::string>> SweepLandingImages(db::Pool& pool,
                                                       const storage::FileReferences& references,
                                                       TimePoint cutoff, int batch) {
  std::string sql(kSweepTemplate);
  const std::string others = references.OthersUse("marketing", "n.name");
  sql.replace(sql.find("{others}"), 8, others);
  auto rows = co_await pool.Query(std::string_view(sql), cutoff, std::int64_t{batch});
  std::vector<std::string> unused;
  for (auto row : rows) {
    if (row.Get<bool>("unused")) unused.push_back(row.Get<std::string>("name"));
  }
  co_return unused;
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
    const auto html = RenderText(page.text);
    const std::string kind(page.kind), code(page.code), lang(page.lang), title(page.title), text(page.text),
        category(page.category), cta(page.cta);
    auto result = co_await demo.Pool().Query(std::string_view(R"sql(
INSERT INTO marketing.landing_pages (kind, code, lang, title, text, text_html, category_id, cta, published)
VALUES ($1, $2, $3, $4, $5, $6, (SELECT id FROM catalog.categories WHERE code = $7), $8, true)
ON CONFLICT (kind, code) DO NOTHING RETURNING id)sql"),
                                             kind, code, lang, title, text, html, category, cta);
    created += result.Size();
  }
  demo.Report(
      fmt::format("Demo landing pages: /ru/lp/create-order/website-development, /en/lp/find-job/designers "
                  "({} new)",
                  created));
}

}  // namespace artel::marketing
