// The messenger's HTTP edge: each operation of api.yaml bound to a named handler. No SQL here
// (artel/messenger/messenger.hpp), and no rule: the schema's are checked before a handler runs, the rest are
// the service's.

#include "routes.hpp"

#include <boost/describe/class.hpp>
#include <memory>
#include <optional>
#include <string>

#include "artel/core/error.hpp"
#include "artel/messenger/messenger.hpp"
#include "artel/storage/storage.hpp"
#include "artel/storage/upload.hpp"
#include "artel/web/api.hpp"
#include "artel/web/app.hpp"
#include "views.hpp"

namespace artel::messenger {

/// libs/messenger/api.yaml, compiled in (artel_contract_part).
std::string_view ContractPart();

namespace {

using boost::asio::awaitable;
using web::Call;

struct ChatsParams {
  std::optional<std::string> cursor;
  std::int32_t limit = 0;
};
BOOST_DESCRIBE_STRUCT(ChatsParams, (), (cursor, limit))

struct HistoryParams {
  std::optional<std::int64_t> before;
  std::int32_t limit = 0;
};
BOOST_DESCRIBE_STRUCT(HistoryParams, (), (before, limit))

struct ContextInput {
  std::string type;
  std::int64_t id = 0;
};
BOOST_DESCRIBE_STRUCT(ContextInput, (), (type, id))

struct StartInput {
  std::int64_t user_id = 0;
  std::optional<ContextInput> context;
};
BOOST_DESCRIBE_STRUCT(StartInput, (), (user_id, context))

struct EditInput {
  std::string text;
};
BOOST_DESCRIBE_STRUCT(EditInput, (), (text))

struct ReadInput {
  std::int64_t message_id = 0;
};
BOOST_DESCRIBE_STRUCT(ReadInput, (), (message_id))

struct UploadParams {
  std::string name;
};
BOOST_DESCRIBE_STRUCT(UploadParams, (), (name))

struct FileParams {
  std::optional<std::string> name;
  std::optional<std::string> thumbnail;
};
BOOST_DESCRIBE_STRUCT(FileParams, (), (name, thumbnail))

/// x-access: user on every operation; a chat the caller is not in answers 404 (the service decides).
class Edge final {
 public:
  Edge(Messenger& messenger, storage::FileStore& files, boost::asio::thread_pool& blocking)
      : messenger_(messenger), files_(files), blocking_(blocking) {}

  awaitable<ChatPageView> List(const Call& call, ChatsParams params) {
    auto page = co_await messenger_.List(call.User().user_id, params.cursor, params.limit);
    co_return ViewOf(page);
  }

  /// 201 for a new chat, 200 for the pair's existing one.
  awaitable<web::Reply<ChatView>> Start(const Call& call, StartInput input) {
    std::optional<ChatContext> context;
    if (input.context) context = ChatContext{input.context->type, input.context->id, {}};
    auto started = co_await messenger_.Start(call.User().user_id, input.user_id, std::move(context));
    co_return web::Reply<ChatView>{ViewOf(started.chat), started.created ? 201 : 200};
  }

  awaitable<UploadView> Upload(const Call& call, UploadParams params) {
    const std::int64_t user_id = call.User().user_id;
    const std::string name = storage::UploadName(params.name);
    co_await messenger_.CheckUploadAllowance(user_id);
    // The type comes from the bytes; the name and Content-Type are not trusted. Private: served only by the
    // chat's file route, never by /api/files.
    auto stored =
        co_await storage::PutAttachmentOn(blocking_, files_, call.Raw().body, storage::Space::kPrivate);
    auto attachment = co_await messenger_.AddUpload(user_id, name, stored);
    co_return UploadViewOf(attachment);
  }

  awaitable<ChatView> Get(const Call& call) {
    auto chat = co_await messenger_.Get(call.User().user_id, call.Id("chat_id"));
    co_return ViewOf(chat);
  }

  awaitable<MessagePageView> History(const Call& call, HistoryParams params) {
    auto history =
        co_await messenger_.Messages(call.User().user_id, call.Id("chat_id"), params.before, params.limit);
    co_return ViewOf(history);
  }

  /// 201 for a new message, 200 for a retry of the same client_id.
  awaitable<web::Reply<MessageView>> Send(const Call& call, SendInput input) {
    auto sent = co_await messenger_.Send(call.User().user_id, call.Id("chat_id"), std::move(input));
    co_return web::Reply<MessageView>{ViewOf(sent.message), sent.created ? 201 : 200};
  }

  awaitable<MessageView> Edit(const Call& call, EditInput input) {
    auto message = co_await messenger_.Edit(call.User().user_id, call.Id("chat_id"), call.Id("message_id"),
                                            std::move(input.text));
    co_return ViewOf(message);
  }

  awaitable<MessageView> Delete(const Call& call) {
    auto message = co_await messenger_.Delete(call.User().user_id, call.Id("chat_id"), call.Id("message_id"));
    co_return ViewOf(message);
  }

  awaitable<ReadView> Read(const Call& call, ReadInput input) {
    auto position = co_await messenger_.Read(call.User().user_id, call.Id("chat_id"), input.message_id);
    co_return ReadView{position};
  }

  awaitable<web::Response> File(const Call& call, FileParams params) {
    auto file = co_await messenger_.File(call.User().user_id, call.Id("chat_id"), call.Id("message_id"),
                                         call.Id("attachment_id"));
    if (!file) throw NotFound({"messenger:file_not_found", {}});
    co_return storage::PrivateFileResponse(files_, file->file_name, file->thumbnail_name,
                                           params.thumbnail.has_value(), file->name,
                                           {"messenger:file_not_found", {}});
  }

 private:
  Messenger& messenger_;
  storage::FileStore& files_;
  boost::asio::thread_pool& blocking_;
};

}  // namespace

void Register(web::App& app, Messenger& messenger, storage::FileStore& files,
              std::size_t max_attachment_bytes, boost::asio::thread_pool& blocking) {
  if (!app.GetContract().HasPart("messenger")) app.GetContract().AddPart("messenger", ContractPart());
  web::Api<Edge> api(app, std::make_shared<Edge>(messenger, files, blocking),
                     web::ApiOptions{.upload_limit = max_attachment_bytes});
  api.Add("listChats", &Edge::List);
  api.Add("startChat", &Edge::Start);
  api.Add("uploadChatAttachment", &Edge::Upload);
  api.Add("getChat", &Edge::Get);
  api.Add("listChatMessages", &Edge::History);
  api.Add("sendChatMessage", &Edge::Send);
  api.Add("editChatMessage", &Edge::Edit);
  api.Add("deleteChatMessage", &Edge::Delete);
  api.Add("readChat", &Edge::Read);
  api.Add("getChatFile", &Edge::File);
}

}  // namespace artel::messenger
