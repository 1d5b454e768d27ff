// HTTP for the messenger (docs/api/openapi.yaml, tag "messenger"). No SQL here:
// artel/messenger/messenger.hpp.

#include "routes.hpp"

#include <boost/json/array.hpp>
#include <charconv>

#include "artel/core/error.hpp"
#include "artel/messenger/messenger.hpp"
#include "artel/storage/storage.hpp"
#include "artel/storage/upload.hpp"
#include "artel/web/app.hpp"
#include "artel/web/json.hpp"
#include "artel/web/query.hpp"
#include "input.hpp"

namespace artel::messenger {
namespace {

using boost::asio::awaitable;
using web::Method;
using web::Request;
using web::Response;

constexpr std::int32_t kDefaultLimit = 30;
constexpr std::int32_t kMaxLimit = 100;
constexpr web::RouteOptions kUserRoute{.access = web::Access::kUser};

std::int64_t ReadId(const Request& request, std::string_view name, bool required, std::int64_t fallback) {
  auto text = request.QueryParam(name);
  if (!text) {
    if (required) throw ValidationFailed(std::string(name), {"validation:required", {}});
    return fallback;
  }
  std::int64_t value = 0;
  auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (error != std::errc() || end != text->data() + text->size() || value < 1) {
    throw ValidationFailed(std::string(name), {"validation:type.integer", {}});
  }
  return value;
}

}  // namespace

void Register(web::App& app, Messenger& messenger, storage::FileStore& files,
              std::size_t max_attachment_bytes, boost::asio::thread_pool& blocking) {
  auto& router = app.GetRouter();

  router.Add(
      Method::kGet, "/api/chats",
      [&messenger](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        const auto limit = web::PageLimit(request, kDefaultLimit, kMaxLimit);
        auto cursor = request.QueryParam("cursor");
        auto page = co_await messenger.List(principal.user_id, cursor, limit);
        boost::json::array items;
        for (const auto& chat : page.items) items.push_back(ChatJson(chat));
        boost::json::value next = nullptr;
        if (page.next_cursor) next = boost::json::string(*page.next_cursor);
        co_return Response::Json(boost::json::object{{"items", std::move(items)}, {"next_cursor", next}});
      },
      kUserRoute);

  router.Add(
      Method::kPost, "/api/chats",
      [&messenger](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto body = request.JsonBody();
        auto input = ReadStartInput(body, messenger.Contexts());
        auto started = co_await messenger.Start(principal.user_id, input.user_id, input.context);
        co_return Response::Json(ChatJson(started.chat), started.created ? 201 : 200);
      },
      kUserRoute);

  router.Add(
      Method::kPost, "/api/chats/attachments",
      [&messenger, &files, &blocking](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        const std::string name = storage::UploadName(request.QueryParam("name").value_or(""));
        co_await messenger.CheckUploadAllowance(principal.user_id);
        // The type comes from the bytes; the name and Content-Type are not trusted.
        // Private: served only by the chat's route below, never by /api/files.
        auto stored =
            co_await storage::PutAttachmentOn(blocking, files, request.body, storage::Space::kPrivate);
        auto attachment = co_await messenger.AddUpload(principal.user_id, name, stored);
        co_return Response::Json(UploadJson(attachment), 201);
      },
      web::RouteOptions{.body_limit = max_attachment_bytes, .access = web::Access::kUser});

  router.Add(
      Method::kGet, "/api/chats/{chat_id:int}",
      [&messenger](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto chat = co_await messenger.Get(principal.user_id, request.IntParam("chat_id"));
        co_return Response::Json(ChatJson(chat));
      },
      kUserRoute);

  router.Add(
      Method::kGet, "/api/chats/{chat_id:int}/messages",
      [&messenger](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        const auto limit = web::PageLimit(request, kDefaultLimit, kMaxLimit);
        std::optional<std::int64_t> before;
        if (request.QueryParam("before")) before = ReadId(request, "before", true, 0);
        auto history =
            co_await messenger.Messages(principal.user_id, request.IntParam("chat_id"), before, limit);
        boost::json::array items;
        for (const auto& message : history.items) items.push_back(MessageJson(message));
        co_return Response::Json(
            boost::json::object{{"items", std::move(items)}, {"has_more", history.has_more}});
      },
      kUserRoute);

  router.Add(
      Method::kPost, "/api/chats/{chat_id:int}/messages",
      [&messenger](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        const auto chat_id = request.IntParam("chat_id");
        // A stranger's chat is 404 before the body is judged.
        if (!co_await messenger.IsParticipant(principal.user_id, chat_id)) {
          throw NotFound({"messenger:chat_not_found", {}});
        }
        auto body = request.JsonBody();
        auto input = ReadSendInput(body);
        auto sent = co_await messenger.Send(principal.user_id, chat_id, std::move(input));
        co_return Response::Json(MessageJson(sent.message), sent.created ? 201 : 200);
      },
      kUserRoute);

  router.Add(
      Method::kPatch, "/api/chats/{chat_id:int}/messages/{message_id:int}",
      [&messenger](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        const auto chat_id = request.IntParam("chat_id");
        if (!co_await messenger.IsParticipant(principal.user_id, chat_id)) {
          throw NotFound({"messenger:chat_not_found", {}});
        }
        auto body = request.JsonBody();
        auto text = ReadEditText(body);
        auto message =
            co_await messenger.Edit(principal.user_id, chat_id, request.IntParam("message_id"), text);
        co_return Response::Json(MessageJson(message));
      },
      kUserRoute);

  router.Add(
      Method::kDelete, "/api/chats/{chat_id:int}/messages/{message_id:int}",
      [&messenger](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto message = co_await messenger.Delete(principal.user_id, request.IntParam("chat_id"),
                                                 request.IntParam("message_id"));
        co_return Response::Json(MessageJson(message));
      },
      kUserRoute);

  router.Add(
      Method::kPost, "/api/chats/{chat_id:int}/read",
      [&messenger](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        const auto chat_id = request.IntParam("chat_id");
        if (!co_await messenger.IsParticipant(principal.user_id, chat_id)) {
          throw NotFound({"messenger:chat_not_found", {}});
        }
        auto body = request.JsonBody();
        web::JsonReader reader(body);
        auto message_id = reader.Int("message_id");
        reader.Finish();
        auto position = co_await messenger.Read(principal.user_id, chat_id, *message_id);
        boost::json::value mine = nullptr;
        if (position) mine = *position;
        co_return Response::Json(boost::json::object{{"my_last_read_id", mine}});
      },
      kUserRoute);

  router.Add(
      Method::kGet, "/api/chats/{chat_id:int}/messages/{message_id:int}/files/{attachment_id:int}",
      [&messenger, &files](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto file =
            co_await messenger.File(principal.user_id, request.IntParam("chat_id"),
                                    request.IntParam("message_id"), request.IntParam("attachment_id"));
        if (!file) throw NotFound({"messenger:file_not_found", {}});
        co_return storage::PrivateFileResponse(files, file->file_name, file->thumbnail_name,
                                               request.QueryParam("thumbnail").has_value(), file->name,
                                               {"messenger:file_not_found", {}});
      },
      web::RouteOptions{.browser_resource = true, .access = web::Access::kUser});
}

}  // namespace artel::messenger
