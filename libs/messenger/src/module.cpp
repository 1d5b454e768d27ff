#include "artel/messenger/module.hpp"

#include <fmt/format.h>

#include <charconv>

#include "artel/identity/user_info.hpp"
#include "artel/kernel/json.hpp"
#include "artel/messenger/context_types.hpp"
#include "artel/messenger/messenger.hpp"
#include "artel/orders/orders.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/realtime/channels.hpp"
#include "artel/realtime/publisher.hpp"
#include "artel/storage/pending_uploads.hpp"
#include "artel/storage/storage.hpp"
#include "demo.hpp"
#include "module_requires.hpp"
#include "presence.hpp"
#include "routes.hpp"

namespace artel::messenger {
namespace {

using boost::asio::awaitable;

constexpr db::Statement kOrderTitles{"messenger.order_titles", R"sql(
SELECT id, name AS title FROM orders.orders WHERE id = ANY($1::bigint[])
)sql"};

/// The glue between orders and the messenger: a chat may be about an order the starter can see (orders'
/// own NotFound otherwise), titled with the order's name. The only place the messenger meets orders.
void AddOrderContext(ContextTypes& types, orders::Orders& orders) {
  types.Add({"order",
             [&orders](std::int64_t user_id, std::int64_t, std::int64_t order_id) -> awaitable<void> {
               auto order = co_await orders.GetVisible(order_id, user_id);
               (void)order;
             },
             kOrderTitles});
}

void Install(platform::ModuleContext& context) {
  auto& files = context.Get<storage::FileStore>();
  // Uploads wait in messenger.attachments until a message lists them (a deleted message detaches its
  // files); storage sweeps the unattached ones. A file a chat uses is never removed by another domain's
  // sweep: its private file, and the public one of a row stored before chat files were private until
  // MovePrivateFiles has moved it.
  context.Get<storage::PendingUploads>().Register({.owner = "messenger",
                                                   .table = "messenger.attachments",
                                                   .attached_by = "message_id",
                                                   .files = {"file_name", "thumbnail_name"},
                                                   .space = storage::Space::kPrivate,
                                                   .moves_from_public = true});
  auto& context_types = context.GetServices().Emplace<ContextTypes>();
  AddOrderContext(context_types, context.Get<orders::Orders>());
  auto& messenger = context.GetServices().Emplace<Messenger>(
      context.Pool(), context.Get<realtime::Publisher>(), context_types, context.GetClock());
  Register(context.Web(), messenger, files, context.PlatformConfig().storage.max_attachment_bytes,
           context.Blocking());
  context.Get<realtime::Channels>().Add(std::string(kPresencePrefix), PresenceAuthorizer(messenger));
  context.Get<identity::UserInfoExtensions>().Add(
      {[](std::int64_t user_id) { return std::vector<db::PipelineQuery>{Messenger::UnreadQuery(user_id)}; },
       [](std::int64_t, std::span<const db::Result> results, boost::json::object& info) {
         info["unread_msg"] = kernel::ToJson(Messenger::ReadUnread(results[0]));
       }});
  context.AddDemoSeeder([](platform::DemoContext& demo) -> awaitable<void> {
    auto seeded = co_await SeedDemoChats(demo.Pool(), demo.Get<Messenger>());
    if (seeded.chats > 0) {
      demo.Report(fmt::format("Demo chats: {} chats, {} messages", seeded.chats, seeded.messages));
    }
  });
}

}  // namespace

platform::Module Module() {
  return generated::ModuleOf(&Install);
}

}  // namespace artel::messenger
