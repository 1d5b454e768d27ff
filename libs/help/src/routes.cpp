// HTTP for help and support (docs/api/openapi.yaml, tags "help" and "admin"). No SQL here:
// artel/help/help.hpp.
#include "routes.hpp"

#include <charconv>

#include "artel/core/error.hpp"
#include "artel/help/help.hpp"
#include "artel/storage/storage.hpp"
#include "artel/storage/upload.hpp"
#include "artel/web/app.hpp"
#include "artel/web/json.hpp"
#include "artel/web/query.hpp"
#include "input.hpp"

namespace artel::help {
namespace {

using boost::asio::awaitable;
using web::Method;
using web::Request;
using web::Response;

constexpr std::int32_t kDefaultLimit = 20;
constexpr std::int32_t kMaxLimit = 50;
constexpr web::RouteOptions kGuestRoute{.access = web::Access::kGuest};
constexpr web::RouteOptions kUserRoute{.access = web::Access::kUser};
constexpr web::RouteOptions kAdminRoute{.access = web::Access::kAdmin};

Visitor VisitorOf(const Request& request) {
  return Visitor{request.principal, request.remote_ip};
}

std::optional<std::int64_t> ReadCursor(web::QueryReader& query) {
  auto text = query.Text("cursor");
  if (!text) return std::nullopt;
  std::int64_t value = 0;
  auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (error != std::errc() || end != text->data() + text->size() || value < 1) {
    query.AddInvalid("cursor");
    return std::nullopt;
  }
  return value;
}

}  // namespace

void Register(web::App& app, Help& help, storage::FileStore& files, std::size_t max_attachment_bytes,
              boost::asio::thread_pool& blocking) {
  auto& router = app.GetRouter();

  // ------------------------------------------------------------------------------------------------ FAQ
  router.Add(
      Method::kGet, "/api/help/faq",
      [&help](Request& request) -> awaitable<Response> {
        auto faq = co_await help.FaqIndex(request.lang);
        co_return Response::Json(faq);
      },
      kGuestRoute);
  router.Add(
      Method::kGet, "/api/help/faq/search",
      [&help](Request& request) -> awaitable<Response> {
        auto q = request.QueryParam("q").value_or("");
        while (!q.empty() && (q.back() == ' ' || q.back() == '\t')) q.pop_back();
        while (!q.empty() && (q.front() == ' ' || q.front() == '\t')) q.erase(0, 1);
        if (q.empty()) throw ValidationFailed("q", {"validation:required", {}});
        if (q.size() > 200) throw ValidationFailed("q", {"validation:length.max", {{"count", "200"}}});
        auto found = co_await help.SearchFaq(q, request.lang);
        co_return Response::Json(found);
      },
      kGuestRoute);
  router.Add(
      Method::kGet, "/api/help/faq/{code}",
      [&help](Request& request) -> awaitable<Response> {
        const std::string code(request.Param("code"));
        if (!IsCode(code, 2, 100)) throw NotFound();
        auto question = co_await help.FaqQuestion(code, request.lang);
        co_return Response::Json(question);
      },
      kGuestRoute);

  // ------------------------------------------------------------------------------------------------ Support
  router.Add(
      Method::kPost, "/api/help/attachments",
      [&help, &files, &blocking](Request& request) -> awaitable<Response> {
        const Visitor visitor = VisitorOf(request);
        const std::string name = storage::UploadName(request.QueryParam("name").value_or(""));
        co_await help.CheckUploadAllowance(visitor);
        // The type comes from the bytes; the name and Content-Type are not trusted.
        // Private: served only to admins by the ticket's route, never by /api/files.
        auto stored =
            co_await storage::PutAttachmentOn(blocking, files, request.body, storage::Space::kPrivate);
        auto upload = co_await help.AddUpload(visitor, name, stored);
        co_return Response::Json(upload, 201);
      },
      web::RouteOptions{.body_limit = max_attachment_bytes, .access = web::Access::kGuest});
  router.Add(
      Method::kPost, "/api/help/tickets",
      [&help](Request& request) -> awaitable<Response> {
        const Visitor visitor = VisitorOf(request);
        auto body = request.JsonBody();
        auto input = ReadTicketInput(body, !visitor.user.has_value());
        auto id = co_await help.CreateTicket(visitor, input, request.lang);
        co_return Response::Json(boost::json::object{{"id", id}}, 201);
      },
      kGuestRoute);
  router.Add(
      Method::kGet, "/api/help/tickets/my",
      [&help](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto tickets = co_await help.MyTickets(principal.user_id);
        co_return Response::Json(tickets);
      },
      kUserRoute);

  // ------------------------------------------------------------------------------------------------ Pages
  router.Add(
      Method::kGet, "/api/pages/{code}",
      [&help](Request& request) -> awaitable<Response> {
        const std::string code(request.Param("code"));
        auto page = co_await help.Page(code, request.lang);
        co_return Response::Json(page);
      },
      kGuestRoute);

  // ------------------------------------------------------------------------------------------------ Admin
  // FAQ
  router.Add(
      Method::kGet, "/api/admin/faq",
      [&help](Request&) -> awaitable<Response> {
        auto faq = co_await help.AdminFaq();
        co_return Response::Json(faq);
      },
      kAdminRoute);
  router.Add(
      Method::kPost, "/api/admin/faq/categories",
      [&help](Request& request) -> awaitable<Response> {
        const auto& actor = request.RequireAdmin();
        auto body = request.JsonBody();
        auto input = ReadCategoryInput(body);
        auto category = co_await help.CreateCategory(actor, input);
        co_return Response::Json(category, 201);
      },
      kAdminRoute);
  router.Add(
      Method::kPut, "/api/admin/faq/categories/{id:int}",
      [&help](Request& request) -> awaitable<Response> {
        const auto& actor = request.RequireAdmin();
        auto body = request.JsonBody();
        auto input = ReadCategoryInput(body);
        auto category = co_await help.UpdateCategory(actor, request.IntParam("id"), input);
        co_return Response::Json(category);
      },
      kAdminRoute);
  router.Add(
      Method::kDelete, "/api/admin/faq/categories/{id:int}",
      [&help](Request& request) -> awaitable<Response> {
        const auto& actor = request.RequireAdmin();
        co_await help.DeleteCategory(actor, request.IntParam("id"));
        co_return Response::NoContent();
      },
      kAdminRoute);
  router.Add(
      Method::kPost, "/api/admin/faq/questions",
      [&help](Request& request) -> awaitable<Response> {
        const auto& actor = request.RequireAdmin();
        auto body = request.JsonBody();
        auto input = ReadQuestionInput(body);
        auto question = co_await help.CreateQuestion(actor, input);
        co_return Response::Json(question, 201);
      },
      kAdminRoute);
  router.Add(
      Method::kGet, "/api/admin/faq/questions/{id:int}",
      [&help](Request& request) -> awaitable<Response> {
        auto question = co_await help.AdminQuestion(request.IntParam("id"));
        co_return Response::Json(question);
      },
      kAdminRoute);
  router.Add(
      Method::kPut, "/api/admin/faq/questions/{id:int}",
      [&help](Request& request) -> awaitable<Response> {
        const auto& actor = request.RequireAdmin();
        auto body = request.JsonBody();
        auto input = ReadQuestionInput(body);
        auto question = co_await help.UpdateQuestion(actor, request.IntParam("id"), input);
        co_return Response::Json(question);
      },
      kAdminRoute);
  router.Add(
      Method::kDelete, "/api/admin/faq/questions/{id:int}",
      [&help](Request& request) -> awaitable<Response> {
        const auto& actor = request.RequireAdmin();
        co_await help.DeleteQuestion(actor, request.IntParam("id"));
        co_return Response::NoContent();
      },
      kAdminRoute);

  // ------------------------------------------------------------------------------------------------ Admin
  // tickets
  router.Add(
      Method::kGet, "/api/admin/tickets",
      [&help](Request& request) -> awaitable<Response> {
        web::QueryReader query(request, "validation:one_of");
        auto status = query.Text("status");
        if (status && *status != "open" && *status != "answered" && *status != "closed") {
          query.AddError("status", {"validation:one_of", {{"values", "open, answered, closed"}}});
        }
        const auto limit = query.Limit(kDefaultLimit, kMaxLimit);
        auto cursor = ReadCursor(query);
        query.Finish();
        auto page = co_await help.AdminTickets(status, cursor, limit);
        co_return Response::Json(page);
      },
      kAdminRoute);
  router.Add(
      Method::kGet, "/api/admin/tickets/{id:int}",
      [&help](Request& request) -> awaitable<Response> {
        auto ticket = co_await help.AdminTicket(request.IntParam("id"));
        co_return Response::Json(ticket);
      },
      kAdminRoute);
  router.Add(
      Method::kGet, "/api/admin/tickets/{id:int}/files/{attachment_id:int}",
      [&help, &files](Request& request) -> awaitable<Response> {
        auto file = co_await help.AdminTicketFile(request.IntParam("id"), request.IntParam("attachment_id"));
        if (!file) throw NotFound();
        co_return storage::PrivateFileResponse(files, file->file_name, file->thumbnail_name,
                                               request.QueryParam("thumbnail").has_value(),
                                               file->original_name);
      },
      web::RouteOptions{.browser_resource = true, .access = web::Access::kAdmin});
  router.Add(
      Method::kPost, "/api/admin/tickets/{id:int}/answer",
      [&help](Request& request) -> awaitable<Response> {
        const auto& actor = request.RequireAdmin();
        auto body = request.JsonBody();
        auto text = ReadAnswerText(body);
        auto ticket = co_await help.AnswerTicket(actor, request.IntParam("id"), text);
        co_return Response::Json(ticket);
      },
      kAdminRoute);
  router.Add(
      Method::kPost, "/api/admin/tickets/{id:int}/close",
      [&help](Request& request) -> awaitable<Response> {
        const auto& actor = request.RequireAdmin();
        auto ticket = co_await help.CloseTicket(actor, request.IntParam("id"));
        co_return Response::Json(ticket);
      },
      kAdminRoute);

  // ------------------------------------------------------------------------------------------------ Admin
  // pages
  router.Add(
      Method::kGet, "/api/admin/pages",
      [&help](Request&) -> awaitable<Response> {
        auto pages = co_await help.AdminPages();
        co_return Response::Json(pages);
      },
      kAdminRoute);
  router.Add(
      Method::kGet, "/api/admin/pages/{code}/{lang}",
      [&help](Request& request) -> awaitable<Response> {
        const std::string code(request.Param("code"));
        const std::string lang(request.Param("lang"));
        auto page = co_await help.AdminPage(code, lang);
        co_return Response::Json(page);
      },
      kAdminRoute);
  router.Add(
      Method::kPut, "/api/admin/pages/{code}/{lang}",
      [&help](Request& request) -> awaitable<Response> {
        const auto& actor = request.RequireAdmin();
        const std::string code(request.Param("code"));
        const std::string lang(request.Param("lang"));
        if (!IsPageCode(code) || !IsPageLanguage(lang)) throw NotFound();
        auto body = request.JsonBody();
        auto input = ReadPageInput(body);
        auto page = co_await help.SavePage(actor, code, lang, input);
        co_return Response::Json(page);
      },
      web::RouteOptions{.body_limit = 512 * 1024, .access = web::Access::kAdmin});
  router.Add(
      Method::kGet, "/api/admin/pages/{code}/{lang}/versions/{version:int}",
      [&help](Request& request) -> awaitable<Response> {
        const std::string code(request.Param("code"));
        const std::string lang(request.Param("lang"));
        const auto version = request.IntParam("version");
        if (version > 1000000) throw NotFound();
        auto page = co_await help.PageVersion(code, lang, static_cast<std::int32_t>(version));
        co_return Response::Json(page);
      },
      kAdminRoute);
}

}  // namespace artel::help
